/**
 * One step of the "What the model sees" view: the system prompt cut into sections with their order and token estimate
 * (the policy section marked), the tool catalog (collapsed), the plan-mode notice, what changed since the previous
 * header with the cache boundary and the measured cache reads beside it, and the step's usage.
 */
import { useMemo } from 'react';
import {
  cacheBoundaryOf,
  cutSystemPrompt,
  policyName,
  policySpanOf,
  toolCatalogOf,
  type CacheBoundary,
  type CatalogTool,
  type PromptCut,
} from '../../core/model-view/analysis.ts';
import type { LoggedHeader, LoggedStep, ModelView } from '../../core/model-view/fold.ts';
import { BYTES_PER_TOKEN, estimateTokens } from '../../core/model-view/tokens.ts';
import { useCopy } from '../../lib/language.ts';
import { HeaderDiff } from './header-diff.tsx';
import { modelViewLocales, type ModelViewCopy } from './locales.ts';
import { useMeasure } from './use-measure.ts';

/** The tool catalog as the diff shows it: pretty-printed JSON, or the string as logged. */
function prettyTools(tools: string): string {
  try {
    return JSON.stringify(JSON.parse(tools), null, 2);
  } catch {
    return tools;
  }
}

/** How a header's prompt is cut, and its cuts. */
function cutsOf(
  view: ModelView,
  header: LoggedHeader | undefined,
  span: string | undefined,
): { cuts: PromptCut[]; how: 'catalog' | 'span' | 'absent' | 'none' } {
  if (header === undefined || header.templated) return { cuts: [], how: 'none' };
  const cuts = cutSystemPrompt(header, view.catalog, span);
  const how =
    view.catalog.length > 0 && cuts.some((c) => c.name !== undefined && c.side === undefined && !c.policy)
      ? 'catalog'
      : cuts.some((c) => c.policy)
        ? 'span'
        : 'none';
  return { cuts, how };
}

/**
 * @param view the session's model view
 * @param index the chosen step's index in `view.steps`
 */
export function StepDetail({ view, index }: { view: ModelView; index: number }) {
  const copy = useCopy(modelViewLocales);
  const step = view.steps[index]!;
  const header = step.header >= 0 ? view.headers[step.header] : undefined;
  const previous = step.header > 0 ? view.headers[step.header - 1] : undefined;
  const span = useMemo(() => (view.catalog.length > 0 ? undefined : policySpanOf(view.headers)), [view]);
  const current = useMemo(() => cutsOf(view, header, span), [view, header, span]);
  const before = useMemo(() => cutsOf(view, previous, span), [view, previous, span]);
  const tools = useMemo(() => (header && !header.templated ? toolCatalogOf(header.tools) : undefined), [header]);
  const texts = useMemo(
    () =>
      header && !header.templated
        ? [...current.cuts.map((c) => c.text), header.system, header.tools, ...(tools ?? []).map((t) => t.parameters + t.description)]
        : [],
    [header, current, tools],
  );
  const measure = useMeasure(texts);
  const origin = header ? view.steps.find((s) => s.header === step.header) : undefined;

  return (
    <article className="model-view__detail" aria-labelledby={`model-step-${step.seq}`}>
      <h2 id={`model-step-${step.seq}`}>{copy.stepHeading(step.turn, step.step)}</h2>
      {header === undefined ? <p className="quiet">{copy.noHeader}</p> : null}
      {header && !step.changed && origin && origin !== step ? <p className="quiet">{copy.headerFrom(origin.turn, origin.step)}</p> : null}
      {header?.templated ? (
        <p className="model-view__templated" role="note">
          {copy.templated}
        </p>
      ) : null}
      {header && !header.templated ? (
        <>
          <section aria-labelledby={`model-system-${step.seq}`}>
            <h3 id={`model-system-${step.seq}`}>{copy.systemPrompt}</h3>
            <p className="quiet">{copy.cutBy(current.how)}</p>
            {measure === undefined ? (
              <p className="quiet" role="status">
                {copy.measuring}
              </p>
            ) : (
              <ol className="model-view__sections">
                {current.cuts.map((cut) => (
                  <li key={cut.start} className="model-view__section" data-policy={cut.policy || undefined}>
                    <details open={cut.policy}>
                      <summary>
                        {copy.sectionSummary(cutName(cut, header, copy), orderOf(cut, copy), estimateTokens(measure(cut.text)))}
                        {cut.policy ? <span className="model-view__mark"> · {copy.policyMark}</span> : null}
                      </summary>
                      <pre className="model-view__text">{cut.text}</pre>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <ToolsSection seq={step.seq} header={header} tools={tools} measure={measure} />
        </>
      ) : null}
      {step.notices.length > 0 ? (
        <section aria-labelledby={`model-notice-${step.seq}`}>
          <h3 id={`model-notice-${step.seq}`}>{copy.notice}</h3>
          {step.notices.map((text, i) => (
            <pre key={i} className="model-view__text">
              {text}
            </pre>
          ))}
        </section>
      ) : null}
      {step.changed && header ? (
        <ChangedSection
          view={view}
          index={index}
          header={header}
          previous={previous}
          cuts={{ current: current.cuts, previous: before.cuts }}
          measure={measure}
        />
      ) : null}
      <UsageSection step={step} />
      <p className="quiet model-view__rule">{copy.estimateNote(BYTES_PER_TOKEN)}</p>
    </article>
  );
}

function cutName(cut: PromptCut, header: LoggedHeader, copy: ModelViewCopy): string {
  return cut.name ?? copy.unnamed(cut.side, policyName(header.state));
}

function orderOf(cut: PromptCut, copy: ModelViewCopy): string {
  if (cut.order !== undefined) return String(cut.order);
  return cut.side ? copy.orderSide(cut.side) : copy.orderUnknown;
}

function ChangedSection({
  view,
  index,
  header,
  previous,
  cuts,
  measure,
}: {
  view: ModelView;
  index: number;
  header: LoggedHeader;
  previous: LoggedHeader | undefined;
  cuts: { current: readonly PromptCut[]; previous: readonly PromptCut[] };
  measure: ((text: string) => number) | undefined;
}) {
  const copy = useCopy(modelViewLocales);
  const step = view.steps[index]!;
  const next = view.steps[index + 1];
  const boundary: CacheBoundary | undefined = useMemo(
    () => (measure && !header.templated && !previous?.templated ? cacheBoundaryOf(previous, header, cuts, measure) : undefined),
    [measure, header, previous, cuts],
  );
  return (
    <section className="model-view__changed" aria-labelledby={`model-changed-${step.seq}`}>
      <h3 id={`model-changed-${step.seq}`}>{copy.changed}</h3>
      <p>{copy.headerChanged(header.reason)}</p>
      {boundary === undefined ? null : previous === undefined ? (
        <p>{copy.boundaryFirst}</p>
      ) : boundary.changed ? (
        <p className="model-view__boundary">
          {copy.boundary(estimateTokens(boundary.reusableBytes), Math.round((100 * boundary.reusableBytes) / Math.max(1, boundary.totalBytes)), boundary.from)}
        </p>
      ) : (
        <p className="model-view__boundary">{copy.nothingChanged}</p>
      )}
      <p className="quiet">{copy.measuredCache(step.usage?.cacheReadTokens, next?.usage?.cacheReadTokens)}</p>
      {previous && !previous.templated && !header.templated ? (
        <>
          <HeaderDiff label={copy.systemDiff} before={previous.system} after={header.system} />
          <HeaderDiff label={copy.toolsDiff} before={prettyTools(previous.tools)} after={prettyTools(header.tools)} />
        </>
      ) : null}
    </section>
  );
}

function UsageSection({ step }: { step: LoggedStep }) {
  const copy = useCopy(modelViewLocales);
  const usage = step.usage;
  const rows: [string, number | undefined][] = [
    [copy.inputTokens, usage?.inputTokens],
    [copy.cacheReadTokens, usage?.cacheReadTokens],
    [copy.outputTokens, usage?.outputTokens],
    [copy.reasoningTokens, usage?.reasoningTokens],
  ];
  return (
    <section aria-labelledby={`model-usage-${step.seq}`}>
      <h3 id={`model-usage-${step.seq}`}>{copy.usage}</h3>
      {usage === undefined ? (
        <p className="quiet">{copy.noUsage}</p>
      ) : (
        <dl className="model-view__usage">
          {rows
            .filter(([, value]) => value !== undefined)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}

function ToolsSection({
  seq,
  header,
  tools,
  measure,
}: {
  seq: number;
  header: LoggedHeader;
  tools: readonly CatalogTool[] | undefined;
  measure: ((text: string) => number) | undefined;
}) {
  const copy = useCopy(modelViewLocales);
  const step = { seq };
  return (
    <section aria-labelledby={`model-tools-${step.seq}`}>
      <h3 id={`model-tools-${step.seq}`}>{copy.tools}</h3>
      <details className="model-view__tools">
        <summary>{tools && measure ? copy.toolsSummary(tools.length, estimateTokens(measure(header.tools))) : copy.tools}</summary>
        {tools === undefined ? (
          <>
            <p className="quiet">{copy.toolsUnreadable}</p>
            <pre className="model-view__text">{header.tools}</pre>
          </>
        ) : (
          <ul className="model-view__tool-list">
            {tools.map((tool, i) => (
              <li key={`${tool.name}-${i}`}>
                <code>{tool.name}</code>
                {tool.alwaysPresent ? <span className="model-view__mark"> · {copy.alwaysPresent}</span> : null}
                {tool.description ? <p>{tool.description}</p> : null}
                {tool.parameters ? (
                  <details>
                    <summary>{copy.parameters}</summary>
                    <pre className="model-view__text">{tool.parameters}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
