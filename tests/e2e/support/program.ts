// The activities program's test data, made over the JSON API as linda.admin: residents named
// "<first name> Tap<tag>" and one-off events on a day of the demo community.
import { expect } from "./fixtures";
import { api, dayIn } from "./api";

// the demo community's time zone: "today" is its day
export const TZ = "America/Los_Angeles";
const FIRST_NAMES = ["Ann", "Ben", "Cora", "Dan", "Edna", "Fred", "Gail", "Hank", "Iris", "Jack"];

export async function makeResidents(
  tag: string,
  count: number,
): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  for (const first of FIRST_NAMES.slice(0, count)) {
    const res = await api("linda.admin", "/api/residents", "POST", {
      firstName: first,
      lastName: `Tap${tag}`,
      roomNumber: String(100 + out.length),
    });
    expect(res.status).toBe(201);
    out.push({ id: res.json.id, name: `${first} Tap${tag}` });
  }
  return out;
}

export async function makeEvent(
  title: string,
  maxParticipants?: number,
  days = 0,
  { allDay = false }: { allDay?: boolean } = {},
): Promise<{ id: string; date: string }> {
  const date = dayIn(TZ, days);
  const res = await api("linda.admin", "/api/calendar-events", "POST", {
    title,
    eventDate: date,
    // all day: open to sign-ups the whole of its day
    ...(allDay ? {} : { startTime: "10:00", endTime: "11:00" }),
    location: "Lounge",
    ...(maxParticipants ? { maxParticipants } : {}),
  });
  expect(res.status).toBe(201);
  return { id: res.json.id, date };
}
