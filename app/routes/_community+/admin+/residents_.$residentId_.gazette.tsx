// A resident's printable gazette: one screen in ../__care-team, also served at /staff/residents/{residentId}/gazette.
export { gazetteLoader as loader } from "../__care-team/gazette.server";
export { CareTeamGazette as default } from "../__care-team/Gazette";
