/**
 * Markdown rendering for user, assistant and plan text: GitHub-flavoured markdown through `react-markdown` +
 * `remark-gfm`. Raw HTML in the source is never rendered (react-markdown escapes it by default; `skipHtml` drops it).
 */
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './markdown.css';

const plugins = [remarkGfm];

/**
 * Render markdown text.
 * @param text the markdown source
 * @param className extra class on the wrapping `div`
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown remarkPlugins={plugins} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
}
