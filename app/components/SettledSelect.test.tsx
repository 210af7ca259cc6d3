// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SETTLE_MS, SettledSelect } from "./SettledSelect";

/** A page whose selection follows what the select applies, as a navigation would. */
function Page({ applied }: { applied: string[] }) {
  const [value, setValue] = useState("NPL");
  return (
    <SettledSelect
      aria-label="Place"
      value={value}
      onCommit={(v) => {
        applied.push(v);
        setValue(v);
      }}
    >
      {["NPL", "IND", "IN-UP", "IN-UT", "PAK"].map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </SettledSelect>
  );
}

/** What a closed native select does on a key that moves it: the key, then the change, in one task. */
function keyChange(select: HTMLSelectElement, key: string, value: string) {
  fireEvent.keyDown(select, { key });
  select.value = value;
  fireEvent.change(select);
}

describe("SettledSelect", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("applies a change made with the pointer at once", () => {
    const applied: string[] = [];
    const { getByLabelText } = render(<Page applied={applied} />);
    const select = getByLabelText("Place") as HTMLSelectElement;
    select.value = "PAK";
    fireEvent.change(select);
    expect(applied).toEqual(["PAK"]);
  });

  it("shows what is typed at once and applies only the last of it, when the keys settle", () => {
    const applied: string[] = [];
    const { getByLabelText } = render(<Page applied={applied} />);
    const select = getByLabelText("Place") as HTMLSelectElement;
    keyChange(select, "I", "IND");
    act(() => void vi.advanceTimersByTime(SETTLE_MS / 2));
    keyChange(select, "N", "IND");
    keyChange(select, "-", "IN-UP");
    act(() => void vi.advanceTimersByTime(SETTLE_MS / 2));
    // a key that does not move the list still keeps the typing open
    fireEvent.keyDown(select, { key: "U" });
    act(() => void vi.advanceTimersByTime(SETTLE_MS - 1));
    expect(applied).toEqual([]);
    expect(select.value).toBe("IN-UP");
    act(() => void vi.advanceTimersByTime(1));
    expect(applied).toEqual(["IN-UP"]);
  });

  it("applies at once on Enter or when focus leaves the list, and only once", () => {
    const applied: string[] = [];
    const { getByLabelText } = render(<Page applied={applied} />);
    const select = getByLabelText("Place") as HTMLSelectElement;
    keyChange(select, "ArrowDown", "IND");
    fireEvent.keyDown(select, { key: "Enter" });
    expect(applied).toEqual(["IND"]);
    keyChange(select, "ArrowDown", "IN-UP");
    fireEvent.blur(select);
    expect(applied).toEqual(["IND", "IN-UP"]);
    act(() => void vi.advanceTimersByTime(SETTLE_MS * 2));
    expect(applied).toEqual(["IND", "IN-UP"]);
  });

  it("follows a selection changed from elsewhere (a link, the history) without applying it again", () => {
    const applied: string[] = [];
    const { getByLabelText, rerender } = render(<SettledSelect aria-label="Place" value="NPL" onCommit={(v) => applied.push(v)}><option value="NPL">NPL</option><option value="PAK">PAK</option></SettledSelect>);
    const select = getByLabelText("Place") as HTMLSelectElement;
    rerender(<SettledSelect aria-label="Place" value="PAK" onCommit={(v) => applied.push(v)}><option value="NPL">NPL</option><option value="PAK">PAK</option></SettledSelect>);
    expect(select.value).toBe("PAK");
    expect(applied).toEqual([]);
  });
});
