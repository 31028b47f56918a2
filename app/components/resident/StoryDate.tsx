/** A story's date, the same on the server and in the browser (so hydration never disagrees). */
export function StoryDate({ iso, prefix }: { iso: string; prefix?: string }) {
  const text = new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
  return (
    <p className="text-base text-stone-700">
      {prefix ? `${prefix} ` : ""}
      <time dateTime={iso}>{text}</time>
    </p>
  );
}
