// "Login as User": a plain form POST opened in a new tab (JS or not). The server answers with a
// redirect to a one-time sign-in link on the user's own community site. No "noreferrer": it would
// send `Origin: null`, which the server refuses as a cross-site write.
import { useT } from "~/utils/i18n";

export function LoginAsForm({
  userId,
  username,
  back,
}: {
  userId: string;
  username: string;
  back: string;
}) {
  const t = useT("superAdmin");
  return (
    <form method="post" action="/super-admin/login-as" target="_blank" rel="noopener">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn-secondary whitespace-nowrap">
        {t("loginAs.button")}
        <span className="sr-only"> {t("loginAs.who", { username })}</span>
      </button>
    </form>
  );
}
