// On a page without the app (a reading page opened straight from an email or the family page), a
// reaction is still a plain form: posted, answered with a redirect to the story. This small inline
// script (about 1 KB) sends that same form with fetch and puts the answer's reactions section in
// place of the old one, so the page does not reload: the comment being typed stays in its box and
// the page stays where it was. The button pressed keeps the focus. If the answer brings a notice
// (too many reactions in a minute) it is shown as the page would show it; anything that goes wrong
// falls back to the plain form. Where the app runs it handles its forms itself, and this does
// nothing.
import { useNonce } from "~/utils/nonce";

/** Listens, once per page, for the submit of a reaction form. Self-contained: its source is the inline script. */
export function installInPlaceReactions(): void {
  const w = window as unknown as { __inPlaceReactions?: boolean };
  if (w.__inPlaceReactions) return;
  w.__inPlaceReactions = true;
  document.addEventListener(
    "submit",
    function (event) {
      const form = event.target as HTMLFormElement;
      if (!form.matches || !form.matches("form[data-reaction]")) return;
      if (document.documentElement.hasAttribute("data-js") || form.hasAttribute("data-plain"))
        return;
      const region = document.getElementById("reactions");
      if (!region || !window.fetch || !window.DOMParser) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const body = new FormData(form);
      if (submitter && submitter.name) body.set(submitter.name, submitter.value);
      const pressed = submitter ? submitter.value : null;
      region.setAttribute("aria-busy", "true");
      fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (res) {
          if (!res.ok) throw new Error(String(res.status));
          return res.text();
        })
        .then(function (html) {
          // the answer's stylesheet holds the rules of its own markup (a pressed button, a toast)
          // that this page's, cut to this page's markup, may lack. It goes in before this page's,
          // so the rules already here keep their order, with this page's nonce.
          const sheet = /<style[^>]*>([\s\S]*?)<\/style>/i.exec(html);
          const styles = document.head.getElementsByTagName("style");
          const mine = styles[0];
          let known = false;
          for (let i = 0; i < styles.length; i++)
            if (sheet && styles[i]!.textContent === sheet[1]) known = true;
          if (sheet && mine && !known) {
            const added = document.createElement("style");
            added.nonce = mine.nonce;
            added.textContent = sheet[1]!;
            document.head.insertBefore(added, mine);
          }
          // the answer's own <style> and scripts carry another nonce: left out, never parsed
          const bare = html
            .replace(/<style[\s\S]*?<\/style>/gi, "")
            .replace(/<script[\s\S]*?<\/script>/gi, "");
          const page = new DOMParser().parseFromString(bare, "text/html");
          const fresh = page.getElementById("reactions");
          if (!fresh) throw new Error("no reactions in the answer");
          region.replaceWith(document.adoptNode(fresh));
          const notice = page.querySelector(".toast-region");
          const here = document.querySelector(".toast-region");
          if (notice && here && notice.textContent && notice.textContent.trim())
            here.replaceWith(document.adoptNode(notice));
          const again = pressed
            ? fresh.querySelector<HTMLButtonElement>(
                'button[name="emoji"][value="' + pressed + '"]',
              )
            : null;
          if (again) again.focus();
        })
        .catch(function () {
          // the plain form, as without this script (its pressed button's value included)
          region.removeAttribute("aria-busy");
          form.setAttribute("data-plain", "");
          if (submitter && form.requestSubmit) form.requestSubmit(submitter);
          else form.submit();
        });
    },
    true,
  );
}

/** The inline script, once on a page with reaction buttons; nothing once the app runs. */
export function InPlaceReactionsScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `(${installInPlaceReactions.toString()})();` }}
    />
  );
}
