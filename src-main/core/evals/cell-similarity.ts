import type { SimilarityCheck } from '../../../src-shared/evals/eval-check-schema';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { createEmbeddings } from '../gateway/embeddings-api';
import type { GatewayClient } from '../gateway/gateway-client';
import type { GatewayTarget } from '../gateway/gateway-urls';

/** References kept per run: cells come row by row, so a row's columns all meet its vector here. */
const REFERENCES_KEPT = 256;

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length)
    throw new Error(`The embeddings have ${a.length} and ${b.length} dimensions: they cannot be compared.`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export interface SimilarityResult {
  /** Undefined when the row has no reference to compare with. */
  similarity?: number;
  check: { kind: 'similarity'; pass: boolean | null; reason: string };
}

/**
 * The similarity check of one run (docs/architecture.md, "Evals"): the reply and
 * the row's reference embedded through the gateway's embeddings endpoint, their cosine kept on
 * the cell and compared with the threshold. A row's reference is embedded once for the run, not
 * once per column: its vector is kept (the last REFERENCES_KEPT rows) while the run goes on.
 */
export class CellSimilarity {
  private readonly references = new Map<number, Promise<Float32Array>>();

  constructor(
    private readonly check: SimilarityCheck,
    private readonly client: GatewayClient,
    private readonly target: () => Promise<GatewayTarget>,
    private readonly expectedColumn: string | undefined,
  ) {}

  private async embed(text: string, signal: AbortSignal): Promise<Float32Array> {
    const result = await createEmbeddings(
      this.client,
      await this.target(),
      { model: this.check.embeddingsModel, input: [text] },
      { signal },
    );
    return result.vectors[0];
  }

  private reference(rowAt: number, text: string, signal: AbortSignal): Promise<Float32Array> {
    let vector = this.references.get(rowAt);
    if (!vector) {
      vector = this.embed(text, signal);
      // A failed embedding (a 429, an abort) is asked again by the next cell of the row.
      vector.catch(() => this.references.delete(rowAt));
      this.references.set(rowAt, vector);
      if (this.references.size > REFERENCES_KEPT)
        this.references.delete(this.references.keys().next().value as number);
    }
    return vector;
  }

  async measure(
    rowAt: number,
    row: DatasetRow,
    reply: string,
    signal: AbortSignal,
  ): Promise<SimilarityResult> {
    const column = this.check.referenceColumn;
    const text = column === this.expectedColumn ? row.expected : row.variables[column];
    if (text === undefined || text === '')
      return {
        check: {
          kind: 'similarity',
          pass: null,
          reason: `cannot be checked: the row has no reference in {{${column}}}`,
        },
      };
    const [ref, got] = await Promise.all([this.reference(rowAt, text, signal), this.embed(reply, signal)]);
    const similarity = cosine(got, ref);
    const pass = similarity >= this.check.threshold;
    return {
      similarity,
      check: {
        kind: 'similarity',
        pass,
        reason: `cosine ${similarity.toFixed(3)} to {{${column}}} is ${pass ? 'at or above' : 'below'} ${this.check.threshold}`,
      },
    };
  }
}
