import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Message } from '../../lib/message/message.tsx';

type Shown = { text: string; error: boolean };

const PageMessage = createContext<{
  shown: (Shown & { section: string }) | null;
  show: (section: string, message: Shown | null) => void;
} | null>(null);

/**
 * «Mon compte» has one message: each section's action replaces it, so that a message never stays
 * beside the one of a later action in another section. It shows in the section that acted.
 */
export function PageMessageProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<(Shown & { section: string }) | null>(null);
  const show = useCallback(
    (section: string, message: Shown | null) => setShown(message && { ...message, section }),
    [],
  );
  return <PageMessage.Provider value={{ shown, show }}>{children}</PageMessage.Provider>;
}

/** The page's message when `section` made it, and how `section` replaces it. */
export function useSectionMessage(section: string): {
  message: Shown | null;
  setMessage: (message: Shown | null) => void;
} {
  const page = useContext(PageMessage);
  if (!page) throw new Error('useSectionMessage must be used inside <PageMessageProvider>.');
  const { shown, show } = page;
  const setMessage = useCallback(
    (message: Shown | null) => show(section, message),
    [show, section],
  );
  return { message: shown?.section === section ? shown : null, setMessage };
}

/** A section's message: a failure or a success; nothing without text. */
export function SectionMessage({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return <Message kind={error ? 'error' : 'success'}>{text}</Message>;
}
