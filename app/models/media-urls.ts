// URLs of media files. The /media/{id} route serves them to signed-in members who may see the owner.
export function mediaUrl(id: string, width?: number): string {
  return width ? `/media/${id}?w=${width}` : `/media/${id}`;
}

export function srcSetFor(id: string, widths: number[]): string {
  return widths.map((w) => `${mediaUrl(id, w)} ${w}w`).join(", ");
}
