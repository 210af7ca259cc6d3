import { describe, expect, it } from "vitest";
import archive from "../../../seeds/model-variables.json";
import { availabilityNote, indicatorVariables, modelHasIndicator } from "./availability";
import { modelVariablesSchema } from "./availabilitySchema";

describe("model-variable availability", () => {
  const availability = modelVariablesSchema.parse(archive);

  it("derives each index's needs from its variables", () => {
    expect(indicatorVariables("txx")).toEqual(["tasmax"]);
    expect(indicatorVariables("dtr")).toEqual(["tasmax", "tasmin"]);
    expect(indicatorVariables("cdd")).toEqual(["pr"]);
    expect(modelHasIndicator(availability, "CESM2", "tx90p")).toBe(false);
    expect(modelHasIndicator(availability, "CESM2", "rx5day")).toBe(true);
    expect(modelHasIndicator(availability, "NESM3", "huss")).toBe(false);
    expect(modelHasIndicator(availability, "ACCESS-CM2", "spei")).toBe(true);
  });

  it("takes tas and hurs for the daily-mean THI days, tasmax and huss for the daily-maximum ones", () => {
    expect(indicatorVariables("thimean72")).toEqual(["tas", "hurs"]);
    expect(indicatorVariables("thimax84")).toEqual(["tasmax", "huss"]);
    // BCC-CSM2-MR has no hurs, MIROC6 no huss, CESM2 no tasmax
    expect(modelHasIndicator(availability, "BCC-CSM2-MR", "thimean72")).toBe(false);
    expect(modelHasIndicator(availability, "BCC-CSM2-MR", "thimax72")).toBe(true);
    expect(modelHasIndicator(availability, "MIROC6", "thimax72")).toBe(false);
    expect(modelHasIndicator(availability, "CESM2", "thimax72")).toBe(false);
    expect(modelHasIndicator(availability, "CESM2", "thimean72")).toBe(true);
  });

  it("says in method notes which models are left out", () => {
    expect(availabilityNote(availability, ["pr", "tas"])).toBe("Every model of the archive has these variables.");
    expect(availabilityNote(availability, ["tx90p"])).toBe(
      "The archive has no tasmax for CESM2, CESM2-WACCM and IITM-ESM: those 3 models are left out of the ensemble.",
    );
    expect(availabilityNote(availability, ["tasmax", "hurs"])).toBe(
      "The archive has no tasmax for CESM2, CESM2-WACCM and IITM-ESM and hurs for BCC-CSM2-MR and NESM3: those 5 models are left out of the ensemble.",
    );
  });
});
