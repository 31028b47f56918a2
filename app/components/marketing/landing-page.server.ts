// The landing page for the server's render only: a `.server` module is empty in the browser's
// build, so the community home (the same `/` route on a community's host) does not carry the landing
// page and its contact form's code. In the browser routes/_index.tsx fetches it when it is needed.
export { LandingPage } from "./LandingPage";
