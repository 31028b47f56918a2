import { describe, expect, it } from "vitest";
import os from "node:os";
import { parseEnv } from "~/utils/env.server";

const tmp = os.tmpdir();

describe("configuration", () => {
  it("fills the documented defaults outside production", () => {
    const e = parseEnv({ DATA_DIR: tmp });
    expect(e.PORT).toBe(3000);
    expect(e.APP_NAME).toBe("Storyloom");
    expect(e.APP_DOMAIN).toBe("storyloom.localhost");
    expect(e.DEFAULT_TENANT).toBe("sunnybrook");
    expect(e.DEV_LOGIN).toBe(true);
    expect(e.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps a generated local secret between starts", () => {
    expect(parseEnv({ DATA_DIR: tmp }).SESSION_SECRET).toBe(
      parseEnv({ DATA_DIR: tmp }).SESSION_SECRET,
    );
  });

  it("requires SESSION_SECRET in production and turns development login off there", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: tmp })).toThrow(
      /SESSION_SECRET is required in production/,
    );
    const e = parseEnv({ NODE_ENV: "production", DATA_DIR: tmp, SESSION_SECRET: "x".repeat(40) });
    expect(e.DEV_LOGIN).toBe(false);
    expect(e.DEFAULT_TENANT).toBeNull();
  });

  it("lets DEV_LOGIN override the mode either way", () => {
    expect(
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        DEV_LOGIN: "1",
        DATA_DIR: tmp,
      }).DEV_LOGIN,
    ).toBe(true);
    expect(parseEnv({ DEV_LOGIN: "0", DATA_DIR: tmp }).DEV_LOGIN).toBe(false);
  });

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ PORT: "eighty", DATA_DIR: tmp })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_DOMAIN: "https://x.example", DATA_DIR: tmp })).toThrow(
      /APP_DOMAIN must be a bare host name/,
    );
    expect(() => parseEnv({ SESSION_SECRET: "short", DATA_DIR: tmp })).toThrow(
      /at least 32 characters/,
    );
  });
});
