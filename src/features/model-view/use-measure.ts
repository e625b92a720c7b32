/**
 * UTF-8 sizes of a step's texts for the token estimates: measured at once when short, in slices that yield to the
 * event loop when long (`utf8LengthChunked`), so a long prompt never makes a long task. A text not measured ahead is
 * measured when asked.
 */
import { useEffect, useMemo, useState } from 'react';
import { MEASURE_SLICE, utf8Length, utf8LengthChunked } from '../../core/model-view/tokens.ts';

/** A macrotask, so the browser can paint and take input between slices. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * @param texts the texts the view estimates (sections, the tool catalog, the whole prompt)
 * @returns a measure of UTF-8 bytes, or undefined while long texts are still being measured
 */
export function useMeasure(texts: readonly string[]): ((text: string) => number) | undefined {
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  const short = total <= MEASURE_SLICE;
  const key = texts.join('\u0000');
  const direct = useMemo(() => (short ? cached(new Map()) : undefined), [short, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const [measured, setMeasured] = useState<{ key: string; measure: (text: string) => number } | undefined>(undefined);
  useEffect(() => {
    if (short) return undefined;
    let live = true;
    void (async () => {
      const sizes = new Map<string, number>();
      for (const text of texts) if (!sizes.has(text)) sizes.set(text, await utf8LengthChunked(text, nextTask));
      if (live) setMeasured({ key, measure: cached(sizes) });
    })();
    return () => {
      live = false;
    };
  }, [short, key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (direct) return direct;
  return measured?.key === key ? measured.measure : undefined;
}

function cached(sizes: Map<string, number>): (text: string) => number {
  return (text) => {
    let bytes = sizes.get(text);
    if (bytes === undefined) {
      bytes = utf8Length(text);
      sizes.set(text, bytes);
    }
    return bytes;
  };
}
