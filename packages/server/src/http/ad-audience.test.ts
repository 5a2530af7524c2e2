import { describe, expect, it } from "vitest";
import { adExemptCountriesFromEnv, countryHeaderFromEnv } from "./ad-audience.ts";

describe("AD_EXEMPT_COUNTRIES", () => {
  it("lists no country by default, and two-letter codes in any case when set", () => {
    expect(adExemptCountriesFromEnv({})).toEqual(new Set());
    expect(adExemptCountriesFromEnv({ AD_EXEMPT_COUNTRIES: "de, fr ,IT" })).toEqual(
      new Set(["DE", "FR", "IT"]),
    );
  });

  it("stops the start on anything but a country code, saying which", () => {
    expect(() => adExemptCountriesFromEnv({ AD_EXEMPT_COUNTRIES: "DE,Germany" })).toThrow(
      'AD_EXEMPT_COUNTRIES must list two-letter country codes such as DE, FR; "GERMANY" is not one',
    );
  });
});

describe("COUNTRY_HEADER", () => {
  it("is read only behind trusted proxies, which set it", () => {
    expect(countryHeaderFromEnv(0, {})).toBeNull();
    expect(countryHeaderFromEnv(1, { COUNTRY_HEADER: "CF-IPCountry" })).toBe("cf-ipcountry");
    expect(() => countryHeaderFromEnv(0, { COUNTRY_HEADER: "CF-IPCountry" })).toThrow(
      "COUNTRY_HEADER needs TRUSTED_PROXIES: without a proxy in front to set it, any client could claim a country",
    );
    expect(() => countryHeaderFromEnv(1, { COUNTRY_HEADER: "CF IPCountry" })).toThrow(
      'COUNTRY_HEADER must be a header name such as CF-IPCountry, not "CF IPCountry"',
    );
  });
});
