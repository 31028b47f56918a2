// Whether what was typed in a PIN field has a PIN's shape (exactly 4 digits), and if not, which
// message says what is wrong: too few digits (with how many there were), or something else.

export const PIN_DIGITS = 4;

export type PinShapeProblem =
  | { key: "details:pin.tooShort"; values: { count: number } }
  | { key: "details:pin.notDigits"; values: Record<string, never> };

export function pinShapeProblem(pin: string): PinShapeProblem | null {
  if (/^\d{4}$/.test(pin)) return null;
  if (/^\d{0,3}$/.test(pin)) return { key: "details:pin.tooShort", values: { count: pin.length } };
  return { key: "details:pin.notDigits", values: {} };
}
