import { describe, expect, it } from "vitest";
import { aezChildSchema, aezModuleSchema, legendSchema } from "./schema";

describe("legendSchema", () => {
  it("takes square legends with hex colours", () => {
    const legend = { type: "square-horizontal", scales: [{ label: "Tropics, lowland", color: "#d7191c" }] };
    expect(legendSchema.safeParse(legend).success).toBe(true);
    expect(legendSchema.safeParse({ ...legend, scales: [{ label: "x", color: "red" }] }).success).toBe(false);
    expect(legendSchema.safeParse({ ...legend, scales: [] }).success).toBe(false);
    const twice = [...legend.scales, { label: "Tropics, highland", color: "#D7191C" }];
    expect(legendSchema.safeParse({ ...legend, scales: twice }).error?.issues[0].message).toBe("colour #D7191C is used by another class");
  });

  it("takes gradient legends with a CSS gradient, labels and a range", () => {
    const legend = {
      type: "gradient",
      style: "linear-gradient(to right, #ffffd4, #993404)",
      labels: ["0", "4000", "8000"],
      min: 0,
      max: 8000,
      unit: "mm",
    };
    expect(legendSchema.safeParse(legend).success).toBe(true);
    expect(legendSchema.safeParse({ ...legend, style: "red" }).success).toBe(false);
    expect(legendSchema.safeParse({ ...legend, min: 8000, max: 0 }).success).toBe(false);
  });

  it("rejects other legend types by their discriminator", () => {
    const result = legendSchema.safeParse({ type: "circle", scales: [] });
    expect(result.error?.issues[0].path).toEqual(["type"]);
  });
});

describe("aezModuleSchema", () => {
  const child = { id: "1.4", name: "LGP", route: "/pyaez#module-1.4", image: "/aez/module-1.4.png", desc: "Length of growing period." };

  it("ties routes and anchors to the ids", () => {
    expect(aezChildSchema.safeParse(child).success).toBe(true);
    expect(aezChildSchema.safeParse({ ...child, route: "/pyaez#module-1.5" }).success).toBe(false);
    const module = { id: "1", name: "Climate Regime", val: "module-1", route: "/pyaez#module-1", child: [child] };
    expect(aezModuleSchema.safeParse(module).success).toBe(true);
    expect(aezModuleSchema.safeParse({ ...module, val: "module-2" }).success).toBe(false);
    expect(aezModuleSchema.safeParse({ ...module, id: "2", val: "module-2", route: "/pyaez#module-2" }).success).toBe(false);
    expect(aezModuleSchema.safeParse({ ...module, child: [] }).success).toBe(true);
  });
});
