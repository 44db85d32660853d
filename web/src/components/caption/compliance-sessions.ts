/**
 * The compliance check's session indexes (content-library spec 3 "Compliance request": a
 * generated unique id): each check gets a new one, and only the answer to the latest is used,
 * so an older answer arriving late never marks a caption it was not about.
 */
export class ComplianceSessions {
  #counter = 0;
  #latest: string | null = null;
  readonly #prefix: string;

  constructor(prefix: string = Math.random().toString(36).slice(2, 10)) {
    this.#prefix = prefix;
  }

  /** A new index, which becomes the latest. */
  next(): string {
    this.#counter += 1;
    this.#latest = `${this.#prefix}-${this.#counter}`;
    return this.#latest;
  }

  /** True for the latest index only. */
  isLatest(index: string | number): boolean {
    return this.#latest !== null && String(index) === this.#latest;
  }

  /** No check is current any more (content emptied, compliance off). */
  clear(): void {
    this.#latest = null;
  }
}
