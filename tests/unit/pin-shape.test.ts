import { describe, expect, it } from "vitest";
import { pinShapeProblem } from "~/utils/pin-shape";

describe("a PIN's shape", () => {
  it("is exactly 4 digits", () => {
    expect(pinShapeProblem("2580")).toBeNull();
    expect(pinShapeProblem("0000")).toBeNull(); // too easy is another rule's to say
  });

  it("too few digits says how many were typed", () => {
    expect(pinShapeProblem("")).toEqual({ key: "details:pin.tooShort", values: { count: 0 } });
    expect(pinShapeProblem("258")).toEqual({ key: "details:pin.tooShort", values: { count: 3 } });
  });

  it("letters, spaces or too many digits are not a PIN", () => {
    for (const pin of ["25a0", "25 80", "25801", "２５８０"])
      expect(pinShapeProblem(pin)?.key).toBe("details:pin.notDigits");
  });
});
