import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-url";

function headers(values: Record<string, string>) {
  return new Headers(values);
}

describe("publicOrigin", () => {
  it("uses PUBLIC_URL whatever Host the request carries", () => {
    const request = headers({ host: "evil.example", "x-concord-proto": "http" });

    expect(publicOrigin(request, { PUBLIC_URL: "https://concord.example.org/" })).toBe("https://concord.example.org");
    expect(publicOrigin(request, { PUBLIC_URL: "https://example.org/concord/", TRUST_PROXY: "1" })).toBe("https://example.org/concord");
  });

  it("falls back to the Host header when PUBLIC_URL is unset and TRUST_PROXY is off", () => {
    expect(publicOrigin(headers({ host: "localhost:3000" }), {})).toBe("http://localhost:3000");
    expect(publicOrigin(headers({ host: "concord.lan", "x-concord-proto": "https" }), { TRUST_PROXY: "0" })).toBe("https://concord.lan");
  });

  it("refuses the Host header behind a trusted proxy, asking for PUBLIC_URL", () => {
    expect(() => publicOrigin(headers({ host: "evil.example" }), { TRUST_PROXY: "1" })).toThrow(/^Set PUBLIC_URL/);
    expect(() => publicOrigin(headers({ host: "evil.example" }), { TRUST_PROXY: "true" })).toThrow(/^Set PUBLIC_URL/);
  });

  it("refuses a malformed PUBLIC_URL or Host header with a reason", () => {
    expect(() => publicOrigin(headers({ host: "x" }), { PUBLIC_URL: "concord.example.org" })).toThrow('PUBLIC_URL is not a URL: "concord.example.org"');
    expect(() => publicOrigin(headers({ host: "x" }), { PUBLIC_URL: "javascript:alert(1)" })).toThrow(/must start with https:\/\/ or http:\/\//);
    expect(() => publicOrigin(headers({ host: "evil.example/path?" }), {})).toThrow(/no usable Host header/);
    expect(() => publicOrigin(headers({ host: "user@evil.example" }), {})).toThrow(/no usable Host header/);
    expect(() => publicOrigin(headers({}), {})).toThrow(/no usable Host header/);
  });
});
