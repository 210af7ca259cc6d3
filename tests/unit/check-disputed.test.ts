import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DISPUTED_FILE, checkDisputed } from "../../scripts/check-disputed.mjs";

const shipped = () => JSON.parse(readFileSync(DISPUTED_FILE, "utf8"));

describe("the shipped disputed areas of South Asia (Natural Earth 1:50m breakaway and disputed areas)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-disputed-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("pass every check and hold the layer's areas in the region with their holders from each point of view", () => {
    const { lines, problems } = checkDisputed(shipped());
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      "Arunachal Pradesh | de facto IND | IN:IND PK:IND NP:IND CN:CHN | 161 positions",
      "Tirpani Valleys | de facto IND | IN:IND PK:IND NP:IND CN:CHN | 17 positions",
      "Bara Hotii Valleys | de facto IND | IN:IND PK:IND NP:IND CN:CHN | 16 positions",
      "Demchok | de facto IND | IN:IND PK:PAK NP:IND CN:CHN | 26 positions",
      "Samdu Valleys | de facto IND | IN:IND PK:IND NP:IND CN:CHN | 15 positions",
      "Jammu and Kashmir | de facto IND | IN:IND PK:PAK NP:IND CN:IND | 212 positions",
      "Shaksam Valley | de facto CHN | IN:IND PK:CHN NP:CHN CN:CHN | 45 positions",
      "Aksai Chin | de facto CHN | IN:IND PK:CHN NP:CHN CN:CHN | 95 positions",
      "Gilgit-Baltistan | de facto PAK | IN:IND PK:PAK NP:IND CN:PAK | 191 positions",
      "Siachen Glacier | de facto KAS | IN:IND PK:PAK NP:IND CN:IND | 22 positions",
      "Junagadh and Manavadar | de facto IND | IN:IND PK:PAK NP:IND CN:IND | 73 positions",
    ]);
  });

  it("name their source, commit, licence and date of retrieval", () => {
    const { source } = shipped();
    expect(source).toMatchObject({
      repository: "https://github.com/nvkelso/natural-earth-vector",
      path: "geojson/ne_50m_admin_0_breakaway_disputed_areas.geojson",
      commit: "117488dc884bad03366ff727eca013e434615127",
      version: "5.1",
      retrieved: "2026-12-05",
    });
    expect(source.licence).toMatch(/^public domain, Natural Earth terms of use/);
    expect(source.note).toMatch(/left out/);
  });

  it("fail the checks when a coordinate, a ring, an identifier or a property is corrupted", () => {
    const moved = shipped();
    moved.features[0].geometry.coordinates[0][117][0] += 0.000001; // Arunachal Pradesh's easternmost vertex
    expect(checkDisputed(moved).problems).toEqual([expect.stringMatching(/^Arunachal Pradesh: coordinates span \[91\.579351, 26\.866681, 97\.343548, 29\.447143\], the recorded bbox is/)]);

    const opened = shipped();
    opened.features[1].geometry.coordinates[0].pop();
    expect(checkDisputed(opened).problems).toEqual(["Tirpani Valleys: ring 0 is not closed (79.369657,31.079912 ... 79.361234,31.086966)"]);

    const short = shipped();
    short.features[10].geometry.coordinates[1] = [[70.369324, 21.352393], [70.352622, 21.323156], [70.369324, 21.352393]];
    expect(checkDisputed(short).problems).toEqual(["Junagadh and Manavadar: ring 1 has 3 positions (at least 4 needed)"]);

    const twice = shipped();
    twice.features[7].properties.NE_ID = twice.features[6].properties.NE_ID;
    expect(checkDisputed(twice).problems).toEqual(["Aksai Chin: NE_ID 1159320485 is also Shaksam Valley's"]);

    const extra = shipped();
    extra.features[8].properties.POP_EST = 970347;
    expect(checkDisputed(extra).problems).toEqual([expect.stringMatching(/^Gilgit-Baltistan: properties are not NE_ID, BRK_A3, /)]);
  });

  it("exit with an error from the command line when the file fails, naming the problem", () => {
    const file = path.join(dir, "corrupted.geojson");
    const corrupted = shipped();
    corrupted.features[5].geometry.coordinates[0][10][1] = 32.3; // Jammu and Kashmir, south of its bbox
    writeFileSync(file, JSON.stringify(corrupted));
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, ["scripts/check-disputed.mjs", file], { stdio: "pipe", encoding: "utf8" });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/^problem: Jammu and Kashmir: coordinates span \[73\.794493, 32\.3, 79\.233903, 35\.496387\]/);
  });
});
