import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { readMultipartForm } from "~/utils/upload-form.server";

const MB = 1024 * 1024;
const leftovers = () =>
  fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("storyloom-upload-"));

function multipart(
  files: { name: string; filename: string; data: Buffer }[],
  fields: Record<string, string> = {},
) {
  const b = `----t${crypto.randomBytes(6).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: audio/webm\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${b}--\r\n`));
  return new Request("http://x.storyloom.localhost/api/transcribe-audio", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
    body: Buffer.concat(parts),
  });
}

describe("reading multipart forms with busboy", () => {
  it("reads filenames as browsers send them", async () => {
    for (const filename of ["a=b.jpg", "a;b.jpg", "say %22hi%22.jpg", "Fotoğraf 写真 🎂.jpg"]) {
      const { form } = await readMultipartForm(
        multipart([{ name: "photo", filename, data: Buffer.from("bytes") }], {
          description: "d=1; e",
        }),
        { maxFileBytes: MB, maxTotalBytes: 4 * MB, maxFiles: 2, maxFields: 5 },
      );
      expect((form.get("photo") as File).name).toBe(filename);
      expect(form.get("description")).toBe("d=1; e");
    }
  });

  it("spools a large file to disk and gives it back whole, leaving no temporary file", async () => {
    const before = leftovers().length;
    const data = crypto.randomBytes(3 * MB);
    const { form, tooLarge } = await readMultipartForm(
      multipart([{ name: "audio", filename: "r.webm", data }]),
      { maxFileBytes: 40 * MB, maxTotalBytes: 45 * MB, maxFiles: 2, maxFields: 5, spoolOver: MB },
    );
    expect(tooLarge.size).toBe(0);
    expect(Buffer.from(await (form.get("audio") as File).arrayBuffer()).equals(data)).toBe(true);
    expect(leftovers().length).toBe(before);
  });

  it("a spooled file over its limit is dropped, with its temporary file", async () => {
    const before = leftovers().length;
    const { form, tooLarge } = await readMultipartForm(
      multipart([{ name: "audio", filename: "r.webm", data: Buffer.alloc(3 * MB, 1) }]),
      {
        maxFileBytes: 2 * MB,
        maxTotalBytes: 45 * MB,
        maxFiles: 2,
        maxFields: 5,
        spoolOver: MB,
        stopAtOversize: true,
      },
    );
    expect([...tooLarge.keys()]).toEqual(["audio"]);
    expect(form.get("audio")).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(leftovers().length).toBe(before);
  });

  it("reads a file over its limit to its end: its real size named, the fields after it kept", async () => {
    const b = "----tsize";
    const body = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.alloc(3 * MB, 1),
      Buffer.from(
        `\r\n--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nKept\r\n--${b}--\r\n`,
      ),
    ]);
    const request = new Request("http://x.storyloom.localhost/resident/stories/new", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      body,
    });
    const { form, tooLarge } = await readMultipartForm(request, {
      maxFileBytes: MB,
      maxTotalBytes: 8 * MB,
      maxFiles: 2,
      maxFields: 5,
    });
    expect(tooLarge.get("image")).toBe(3 * MB);
    expect(form.get("image")).toBeNull();
    expect(form.get("title")).toBe("Kept");
  });

  it("refuses more files than the form has", async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({
      name: `f${i}`,
      filename: `${i}.webm`,
      data: Buffer.alloc(10),
    }));
    await expect(
      readMultipartForm(multipart(many), {
        maxFileBytes: MB,
        maxTotalBytes: 4 * MB,
        maxFiles: 2,
        maxFields: 5,
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
