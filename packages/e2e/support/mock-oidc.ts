import { OAuth2Server } from "oauth2-mock-server";

/** The claims the mock puts in every ID token it signs; tests choose them per sign-in. */
export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  birthdate?: string;
}

export interface MockOidc {
  /** The issuer URL, without a trailing slash: `http://127.0.0.1:PORT`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for the server under test. */
  env: Record<string, string>;
  /** Who the next sign-ins are: the authorize endpoint signs them in without a page. */
  signInAs(claims: IdentityClaims): void;
  /** An ID token signed by the mock's key, as a one-tap client would receive it. */
  idToken(claims: IdentityClaims & Record<string, unknown>): Promise<string>;
  /** The key id the mock signs with (to forge a token under the same kid). */
  keyId(): string;
  stop(): Promise<void>;
}

export const MOCK_CLIENT_ID = "inkwell-test-client";
export const MOCK_CLIENT_SECRET = "inkwell-test-secret";

/**
 * oauth2-mock-server on a free loopback port: discovery, JWKS, an authorize endpoint that
 * redirects straight back with a code (keeping state, nonce and the PKCE challenge) and a
 * token endpoint that checks the PKCE verifier and signs an ID token for the client.
 */
export async function startMockOidc(): Promise<MockOidc> {
  const server = new OAuth2Server();
  const key = await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;

  let current: IdentityClaims = { sub: "mock-subject" };
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, current);
  });

  return {
    issuer,
    clientId: MOCK_CLIENT_ID,
    clientSecret: MOCK_CLIENT_SECRET,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: MOCK_CLIENT_ID,
      OIDC_CLIENT_SECRET: MOCK_CLIENT_SECRET,
    },
    signInAs(claims) {
      current = claims;
    },
    idToken(claims) {
      return server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { aud: MOCK_CLIENT_ID }, claims);
        },
      });
    },
    keyId: () => key.kid,
    stop: () => server.stop(),
  };
}
