/**
 * The linked client's key bundle as the fake WhatsApp server keeps it: what Baileys uploads in
 * `<iq xmlns=encrypt type=set>` (registration id, identity, signed pre-key, one-time pre-keys), and
 * the bundle a contact fetches to start a Signal session with the client (each one-time pre-key is
 * handed out once, as on the real server).
 */
import { type BinaryNode, generateSignalPubKey, getBinaryNodeChild, getBinaryNodeChildBuffer, getBinaryNodeChildren, getBinaryNodeChildUInt } from "baileys";

/** What libsignal's SessionBuilder.initOutgoing takes (Baileys' `E2ESession`). */
export interface E2EBundle {
  registrationId: number;
  identityKey: Uint8Array;
  signedPreKey: { keyId: number; publicKey: Uint8Array; signature: Uint8Array };
  preKey?: { keyId: number; publicKey: Uint8Array };
}

/** The client's uploaded keys (one linked device: the server's single account). */
export class ClientKeyStore {
  registrationId = 0;
  identity?: Uint8Array;
  signedPreKey?: { keyId: number; publicKey: Uint8Array; signature: Uint8Array };
  /** One-time pre-keys not handed out yet, by id (insertion order: oldest first). */
  readonly preKeys = new Map<number, Uint8Array>();
  /** How many uploads (pre-key batches and signed pre-key rotations) the client made. */
  uploads = 0;

  /** Pre-keys the server still holds (the `encrypt`/`count` answer; 0 before the first upload). */
  get count() {
    return this.preKeys.size;
  }

  /**
   * Takes in an `<iq xmlns=encrypt type=set>`: a pre-key upload (registration, identity, list,
   * skey) or a signed pre-key rotation (`<rotate><skey/></rotate>`). Answers false for anything else.
   */
  absorb(iq: BinaryNode): boolean {
    const rotate = getBinaryNodeChild(iq, "rotate");
    const skeyNode = getBinaryNodeChild(rotate ?? iq, "skey");
    const list = getBinaryNodeChild(iq, "list");
    if (!skeyNode && !list) return false;
    const reg = getBinaryNodeChild(iq, "registration");
    if (reg) this.registrationId = getBinaryNodeChildUInt(iq, "registration", 4) ?? 0;
    const identity = getBinaryNodeChildBuffer(iq, "identity");
    if (identity) this.identity = Buffer.from(identity);
    for (const k of getBinaryNodeChildren(list, "key")) {
      const id = getBinaryNodeChildUInt(k, "id", 3);
      const value = getBinaryNodeChildBuffer(k, "value");
      if (id !== undefined && value) this.preKeys.set(id, Buffer.from(value));
    }
    if (skeyNode) {
      this.signedPreKey = {
        keyId: getBinaryNodeChildUInt(skeyNode, "id", 3) ?? 0,
        publicKey: Buffer.from(getBinaryNodeChildBuffer(skeyNode, "value") ?? []),
        signature: Buffer.from(getBinaryNodeChildBuffer(skeyNode, "signature") ?? []),
      };
    }
    this.uploads++;
    return true;
  }

  /** A bundle to start a session with the client, consuming one one-time pre-key (none left: without). */
  take(): E2EBundle {
    if (!this.identity || !this.signedPreKey) throw new Error("fake WA server: the client has not uploaded its keys yet");
    const first = this.preKeys.entries().next();
    let preKey: E2EBundle["preKey"];
    if (!first.done) {
      const [keyId, pub] = first.value;
      this.preKeys.delete(keyId);
      preKey = { keyId, publicKey: generateSignalPubKey(pub) };
    }
    return {
      registrationId: this.registrationId,
      identityKey: generateSignalPubKey(this.identity),
      signedPreKey: { ...this.signedPreKey, publicKey: generateSignalPubKey(this.signedPreKey.publicKey) },
      preKey,
    };
  }
}
