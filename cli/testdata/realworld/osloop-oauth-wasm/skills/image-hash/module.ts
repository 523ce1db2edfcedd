import type { SkillHostCapabilities } from "@os-loop/skill-types";

const Limits = { maxFiles: 500, bits: 64 } as const;

type Hashed = { handle: string; hash: bigint };

class Groups {
  #byHash = new Map<bigint, string[]>();
  add(h: Hashed, near: (a: bigint, b: bigint) => boolean): void {
    for (const [k, list] of this.#byHash) {
      if (near(k, h.hash)) {
        list.push(h.handle);
        return;
      }
    }
    this.#byHash.set(h.hash, [h.handle]);
  }
  many(): string[][] {
    return [...this.#byHash.values()].filter((g) => g.length > 1);
  }
}

export async function execute(args: Record<string, unknown>, host: SkillHostCapabilities): Promise<unknown> {
  const threshold = Number(args.threshold ?? 6);
  const wasm = await host.wasm.instantiate("phash");
  const handles = (await host.filesystem!.listHandles()).slice(0, Limits.maxFiles);
  const groups = new Groups();
  for (const handle of handles) {
    const bytes = await host.filesystem!.readFile(handle);
    groups.add({ handle, hash: BigInt(wasm.exports.phash64(bytes)) }, (a, b) => Number(wasm.exports.hamming(a, b)) <= threshold);
  }
  return { groups: groups.many() } satisfies { groups: string[][] };
}
