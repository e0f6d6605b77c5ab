/**
 * The secrets every node of one installation shares (README, "Several nodes"): a token signed by one node is good on the
 * others, a secret sealed by one is opened by the others; a node with other values stops at boot (src/cluster/secrets.ts).
 */
export const NODE_SECRETS = {
  JWT_SECRET: "nodes-test-jwt-secret-0123456789",
  JWT_REFRESH_SECRET: "nodes-test-refresh-secret-0123456789",
  ENCRYPTION_KEY: "nodes-test-encryption-key-0123456789abcdef",
  // a P-256 pair in base64url (any well-formed pair will do where only its fingerprint is compared)
  VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`,
  VAPID_PRIVATE_KEY: "C".repeat(43),
};
