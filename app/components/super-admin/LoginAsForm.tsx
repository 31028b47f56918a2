// "Login as User": a plain form POST opened in a new tab (JS or not). The server answers with a
// redirect to a one-time sign-in link on the user's own community site. No "noreferrer": it would
// send `Origin: null`, which the server refuses as a cross-site write.
export function LoginAsForm({
  userId,
  username,
  back,
}: {
  userId: string;
  username: string;
  back: string;
}) {
  return (
    <form method="post" action="/super-admin/login-as" target="_blank" rel="noopener">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn-secondary whitespace-nowrap">
        Login as User<span className="sr-only"> {username} (opens a new tab)</span>
      </button>
    </form>
  );
}
