import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicConfig, seriesDatabaseFile, seriesDatabaseUrl } from "./env.server";

describe("parseEnv", () => {
  it("has offline defaults", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.API_UPSTREAM).toBeUndefined();
    expect(e.UPSTREAM_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(e.ANALYTICS_ENABLED).toBe(false);
    expect(publicConfig(e)).toEqual({ analyticsId: undefined, captchaSiteKey: undefined });
  });

  it("reads PORT and treats empty settings as unset", () => {
    const e = parseEnv({ PORT: "4100", API_UPSTREAM: "", ANALYTICS_ID: " " });
    expect(e.PORT).toBe(4100);
    expect(e.API_UPSTREAM).toBeUndefined();
    expect(e.ANALYTICS_ID).toBeUndefined();
  });

  it("enables analytics and captcha only when fully configured", () => {
    expect(publicConfig(parseEnv({ ANALYTICS_ID: "G-TEST" })).analyticsId).toBeUndefined();
    expect(publicConfig(parseEnv({ ANALYTICS_ENABLED: "true", ANALYTICS_ID: "G-TEST" })).analyticsId).toBe("G-TEST");
    expect(publicConfig(parseEnv({ CAPTCHA_SITE_KEY: "k" })).captchaSiteKey).toBeUndefined();
    expect(publicConfig(parseEnv({ CAPTCHA_SITE_KEY: "k", CAPTCHA_SECRET: "s" })).captchaSiteKey).toBe("k");
  });

  it("stops on a bad setting with the name of the setting", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ API_UPSTREAM: "ftp://x" })).toThrow(/API_UPSTREAM/);
    expect(() => parseEnv({ UPSTREAM_MAX_BYTES: "50MB" })).toThrow(/UPSTREAM_MAX_BYTES/);
  });
});

describe("PUBLIC_URL", () => {
  it("is unset by default and keeps the origin of an http(s) address", () => {
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: "https://SACAP.example.org/" }).PUBLIC_URL).toBe("https://sacap.example.org");
    expect(parseEnv({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("stops on anything but an origin, naming the setting", () => {
    for (const bad of ["sacap.example.org", "ftp://sacap.example.org", "https://sacap.example.org/portal", "https://sacap.example.org/?a=1", "https://sacap.example.org/#top", "https://user:pw@sacap.example.org"]) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });
});

describe("ALLOWED_HOSTS", () => {
  it("is empty by default and reads host or host:port names, in lower case", () => {
    expect(parseEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(parseEnv({ ALLOWED_HOSTS: " SACAP.example.org, mirror.example.org:8080,[::1]:3000," }).ALLOWED_HOSTS).toEqual(["sacap.example.org", "mirror.example.org:8080", "[::1]:3000"]);
  });

  it("stops on a wildcard, a URL or a bad port, naming the setting", () => {
    for (const bad of ["*.example.org", "*", "https://sacap.example.org", "sacap.example.org/", "sacap.example.org:99999", "a b"]) {
      expect(() => parseEnv({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
    }
  });
});

describe("form and database settings", () => {
  it("default to a SQLite file, a year of retention and 5 submissions per 10 minutes", () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBe("file:./data/sacap.db");
    expect(e.SUBMISSION_RETENTION_DAYS).toBe(365);
    expect(e.FORM_MIN_FILL_SECONDS).toBe(3);
    expect(e.FORM_RATE_LIMIT).toBe(5);
    expect(e.FORM_RATE_WINDOW_SECONDS).toBe(600);
    expect(e.FORM_MAX_BODY_BYTES).toBe(131072);
    expect(e.FORM_SECRET).toBeUndefined();
    expect(e.CAPTCHA_VERIFY_URL).toBe("https://www.recaptcha.net/recaptcha/api/siteverify");
  });

  it("accept PostgreSQL URLs and refuse other databases by name", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://sacap@db/sacap" }).DATABASE_URL).toBe("postgres://sacap@db/sacap");
    expect(parseEnv({ DATABASE_URL: "postgresql://db/sacap" }).DATABASE_URL).toBe("postgresql://db/sacap");
    expect(() => parseEnv({ DATABASE_URL: "mysql://db/sacap" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SUBMISSION_RETENTION_DAYS: "-1" })).toThrow(/SUBMISSION_RETENTION_DAYS/);
    expect(() => parseEnv({ FORM_SECRET: "short" })).toThrow(/FORM_SECRET/);
    expect(parseEnv({ FORM_SECRET: "" }).FORM_SECRET).toBeUndefined();
  });
});

describe("TRUST_PROXY", () => {
  it("trusts the loopback proxy by default and reads hops, lists and flags", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe("127.0.0.2");
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });
});

describe("SERIES_DB", () => {
  it("is unset by default (the ingest's database when it exists), a file or none", () => {
    expect(parseEnv({}).SERIES_DB).toBe("");
    expect(seriesDatabaseFile(parseEnv({}).SERIES_DB)).toBeUndefined();
    expect(seriesDatabaseFile(parseEnv({ SERIES_DB: "file:/srv/sacap/series.db" }).SERIES_DB)).toBe("/srv/sacap/series.db");
    expect(seriesDatabaseFile(parseEnv({ SERIES_DB: "none" }).SERIES_DB)).toBeUndefined();
    expect(seriesDatabaseUrl(parseEnv({ SERIES_DB: "file:/srv/sacap/series.db" }).SERIES_DB)).toBeUndefined();
  });

  it("is the shared PostgreSQL store with a postgres:// or postgresql:// URL", () => {
    for (const url of ["postgres://sacap:secret@db.internal:5432/series", "postgresql://db/series", "POSTGRES://db/series"]) {
      const setting = parseEnv({ SERIES_DB: url }).SERIES_DB;
      expect(seriesDatabaseUrl(setting)).toBe(url);
      expect(seriesDatabaseFile(setting)).toBeUndefined();
    }
  });

  it("refuses anything else by name", () => {
    expect(() => parseEnv({ SERIES_DB: "mysql://db/series" })).toThrow(/SERIES_DB: expected file:PATH, postgres:\/\/\.\.\., postgresql:\/\/\.\.\. or none/);
    expect(() => parseEnv({ SERIES_DB: "postgres://" })).toThrow(/SERIES_DB/);
    expect(() => parseEnv({ SERIES_DB: "./data/series.db" })).toThrow(/SERIES_DB/);
  });

  it("looks for new data in PostgreSQL every 2 seconds unless told otherwise", () => {
    expect(parseEnv({}).SERIES_DB_POLL_SECONDS).toBe(2);
    expect(parseEnv({ SERIES_DB_POLL_SECONDS: "0.5" }).SERIES_DB_POLL_SECONDS).toBe(0.5);
    for (const bad of ["0", "-1", "soon", "7200"]) expect(() => parseEnv({ SERIES_DB_POLL_SECONDS: bad }), bad).toThrow(/SERIES_DB_POLL_SECONDS/);
  });

  it("lets a server on the queue compute no on-demand job itself, and no other", () => {
    expect(parseEnv({}).ONDEMAND_JOBS).toBe(1);
    expect(parseEnv({}).ONDEMAND_LEASE_SECONDS).toBe(300);
    expect(parseEnv({ SERIES_DB: "postgres://db/series", ONDEMAND_JOBS: "0" }).ONDEMAND_JOBS).toBe(0);
    expect(() => parseEnv({ ONDEMAND_JOBS: "0" })).toThrow(/ONDEMAND_JOBS: 0 computes no on-demand job here.*SERIES_DB=postgres/);
    expect(() => parseEnv({ ONDEMAND_LEASE_SECONDS: "0" })).toThrow(/ONDEMAND_LEASE_SECONDS/);
  });

  it("keeps no daily store unless DAILY_DIR names its folder", () => {
    expect(parseEnv({}).DAILY_DIR).toBeUndefined();
    expect(parseEnv({ DAILY_DIR: "  " }).DAILY_DIR).toBeUndefined();
    expect(parseEnv({ DAILY_DIR: " /shared/daily " }).DAILY_DIR).toBe("/shared/daily");
  });
});
