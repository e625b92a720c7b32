import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '../../testing/render.tsx';
import { SessionTabs, type SessionTab } from './session-tabs.tsx';

function Tabs() {
  const [tab, setTab] = useState<SessionTab>('transcript');
  return <SessionTabs sessionId="s1" tab={tab} reviews={2} onSelect={setTab} />;
}

describe('SessionTabs', () => {
  it('reaches What the model sees by keyboard: arrows move and wrap, Home and End go to the ends, focus follows', async () => {
    const user = userEvent.setup();
    renderWithClient(<Tabs />);
    const names = () => screen.getAllByRole('tab').map((t) => t.textContent);
    expect(names()).toEqual(['Transcript', 'Reviews (2)', 'What the model sees']);
    const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!;
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Transcript' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected()).toHaveTextContent('What the model sees');
    expect(selected()).toHaveFocus();
    expect(selected()).toHaveAttribute('aria-controls', 'panel-model-s1');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('Transcript');
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toHaveTextContent('What the model sees');
    await user.keyboard('{Home}');
    expect(selected()).toHaveTextContent('Transcript');
    await user.keyboard('{End}');
    expect(selected()).toHaveTextContent('What the model sees');
  });
});
