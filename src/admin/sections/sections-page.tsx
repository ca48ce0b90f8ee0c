import { useCallback, useId, useMemo, useRef, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Section } from '../../content/generated/types.ts';
import { isSectionType } from '../../content/section-types.ts';
import { parseContent } from '../../content/content.ts';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { NewRequestsSummary } from '../shell/new-requests.tsx';
import { MonthFigures } from '../home/index.ts';
import { versionsQuery } from '../content/history-api.ts';
import { CONFLICT_MESSAGE, OVERWRITE_LABEL, RELOAD_LABEL } from '../content/save-conflict.ts';
import { fetchStoredContent, useSaveContentMutation } from '../content/save-content.ts';
import { EditingNotice } from '../editor/editing-notice.tsx';
import { History } from '../editor/history-panel.tsx';
import { useEditingRoom } from '../editor/use-editing-room.ts';
import { saveErrorMessage } from '../editor/save-status.ts';
import { frenchError } from '../errors/french-error.ts';
import { AddSectionForm, editProblems } from './add-section-form.tsx';
import { frenchAnnouncements, SCREEN_READER_INSTRUCTIONS } from './announcements.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { SectionRow } from './section-row.tsx';
import {
  addSection,
  deleteSection,
  dropIndexFor,
  editSection,
  moveSection,
  sortSections,
  toggleSection,
  type SectionDraft,
} from './sections-model.ts';
import { RESTORED_NOTE, useSectionsSaver, type SectionsSaveStatus } from './use-sections-saver.ts';
import '../styles/editor.css';
import './sections.css';
import { useVersionedContent } from '../content/stored-content-fallback.tsx';
import { AdminTitle } from '../shell/new-requests.tsx';
import { ToComplete, ToCompleteSummary } from '../completeness/index.ts';
import { SetupInvite } from '../garage-setup/index.ts';
import { Message } from '../../lib/message/message.tsx';

const TITLE = 'Gérer les Sections';

/** 'Gérer les Sections' (/admin): the home page's sections, in order, shown, hidden, added, removed. */
export function SectionsPage() {
  const configured = useSupabase() !== null;
  return (
    <>
      <AdminTitle>{TITLE}</AdminTitle>
      {/* Beside the title, so that the list below never moves when the count arrives. */}
      <div className="admin-home__head">
        <h1>{TITLE}</h1>
        <NewRequestsSummary />
      </div>
      <MonthFigures />
      {configured ? <StoredSections /> : <ConfigMissingNotice />}
    </>
  );
}

/** Waits for the stored list: the panel never starts from the defaults after a failed load. */
function StoredSections() {
  const loaded = useVersionedContent();
  if (!loaded.ready) return loaded.fallback;
  // « À compléter » arrives with the list, so that neither pushes the other once shown: a line
  // above the sections, the list itself below them.
  return (
    <>
      <SetupInvite content={loaded.content} />
      <ToCompleteSummary content={loaded.content} />
      <SectionsManager initial={loaded.content.sections} base={loaded.versions.sections ?? null} />
      <ToComplete content={loaded.content} />
    </>
  );
}

/** How a version of the list looks in « Historique »: its sections in order, hidden ones said. */
function SectionsVersion({ sections }: { sections: Section[] }) {
  const ordered = sortSections(sections);
  if (ordered.length === 0) return <p>Aucune section : la page d&apos;accueil est vide.</p>;
  return (
    <ol className="sections-version">
      {ordered.map((section) => (
        <li key={section.id}>
          {section.title}
          {!section.visible && ' (masquée)'}
        </li>
      ))}
    </ol>
  );
}

interface SaveStateProps {
  status: SectionsSaveStatus;
  onReload: () => void;
  onOverwrite: (refused: Section[]) => void;
}

function SaveState({ status, onReload, onOverwrite }: SaveStateProps) {
  return (
    <div className="sections-save">
      <p className="sections-save__status" role="status">
        {status.kind === 'saving' && 'Enregistrement…'}
        {status.kind === 'saved' && '✓ Enregistré'}
      </p>
      {status.kind === 'failed' && (
        <Message kind="error" className="sections-save__error">
          {status.message} {RESTORED_NOTE}
        </Message>
      )}
      {status.kind === 'conflict' && (
        <Message kind="error" as="div" className="sections-save__error editor__conflict">
          <p className="editor__failed-text">{CONFLICT_MESSAGE}</p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={onReload}
          >
            {RELOAD_LABEL}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => onOverwrite(status.refused)}
          >
            {OVERWRITE_LABEL}
          </button>
        </Message>
      )}
    </div>
  );
}

function SectionsManager({ initial, base }: { initial: Section[]; base: string | null }) {
  const client = useSupabase();
  const { mutateAsync } = useSaveContentMutation();
  // The list is one content, like a section's: who else has it open, and their saves
  // (docs/decisions/052-live-back-office.md).
  const room = useEditingRoom('content:sections');
  const { announceSave, clearSavedElsewhere } = room;
  // The stored version the list is based on: a save over one saved elsewhere meanwhile is refused
  // (docs/decisions/026-no-silent-overwrite.md). Each save moves it.
  const version = useRef<string | null>(base);
  const save = useCallback(
    async (sections: Section[]) => {
      version.current = await mutateAsync({
        type: 'sections',
        content: sections,
        base: version.current,
      });
      void announceSave();
    },
    [mutateAsync, announceSave],
  );
  const { sections, status, update, reset } = useSectionsSaver(initial, save);
  const history = useMemo(() => versionsQuery<Section[]>(client, 'content', 'sections'), [client]);

  const reload = async () => {
    try {
      const row = await fetchStoredContent(client, 'sections');
      version.current = row?.updated_at ?? null;
      reset(parseContent('sections', row?.content));
      clearSavedElsewhere();
    } catch (error) {
      console.error('Erreur lors du rechargement des sections', error);
      reset(sections, { kind: 'failed', message: frenchError(error) });
    }
  };
  const overwrite = async (refused: Section[]) => {
    try {
      version.current = await mutateAsync({ type: 'sections', content: refused });
      void announceSave();
      reset(refused, { kind: 'saved' });
    } catch (error) {
      console.error("Erreur lors de l'enregistrement des sections", error);
      reset(sections, { kind: 'failed', message: saveErrorMessage(error) });
    }
  };
  const ordered = useMemo(() => sortSections(sections), [sections]);
  const ids = useMemo(() => ordered.map((section) => section.id), [ordered]);
  const [toDelete, setToDelete] = useState<Section | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes when the button that held it went away (a row deleted, a box closed).
  const toList = () => requestAnimationFrame(() => listHeading.current?.focus());
  const listTitleId = useId();
  const addTitleId = useId();

  const announcements = useMemo(
    () =>
      frenchAnnouncements({
        title: (id: UniqueIdentifier) =>
          ordered.find((section) => section.id === id)?.title ?? String(id),
        position: (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1,
        count: () => ids.length,
      }),
    [ordered, ids],
  );

  const sensors = useSensors(
    // A few pixels of movement before a drag starts: a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(String(active.id));
    const to = over ? ids.indexOf(String(over.id)) : null;
    update((current) => moveSection(current, from, dropIndexFor(from, to)));
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    update((current) => deleteSection(current, id));
    // The row and its button are gone: focus goes to the list's heading.
    toList();
  };

  return (
    <div className="sections-panel">
      <p className="sections-panel__intro">
        Les sections s&apos;affichent sur la page d&apos;accueil dans cet ordre. Faites-les glisser
        par leur poignée (ou, au clavier, saisissez la poignée avec Espace puis déplacez-la avec les
        flèches). Le bouton en forme d&apos;œil masque ou affiche une section. Chaque modification
        est enregistrée automatiquement.
      </p>
      {/* Each change is saved at once: only one being sent is not saved yet. */}
      <EditingNotice
        room={room}
        unsaved={status.kind === 'saving'}
        onReload={() => void reload()}
        moveFocus={toList}
      />
      <SaveState
        status={status}
        onReload={() => {
          void reload();
          toList();
        }}
        onOverwrite={(refused) => {
          void overwrite(refused);
          toList();
        }}
      />
      <History<Section[]>
        history={history}
        renderPreview={(version) => <SectionsVersion sections={version} />}
        onRestore={(restored) => update(() => restored)}
      />
      <section className="sections-panel__block" aria-labelledby={listTitleId}>
        <h2 id={listTitleId} ref={listHeading} tabIndex={-1}>
          Sections de la page d&apos;accueil
        </h2>
        {ordered.length === 0 ? (
          <p>Aucune section : la page d&apos;accueil est vide. Ajoutez-en une ci-dessous.</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ol className="sections-list">
                {ordered.map((section) => (
                  <SectionRow
                    key={section.id}
                    section={section}
                    onToggle={(id) => update((current) => toggleSection(current, id))}
                    onDelete={setToDelete}
                    onEdit={(id, draft) => update((current) => editSection(current, id, draft))}
                    editProblems={(id, draft) => editProblems(sections, id, draft)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </section>
      <section className="sections-panel__block" aria-labelledby={addTitleId}>
        <h2 id={addTitleId}>Ajouter une section</h2>
        <AddSectionForm
          sections={sections}
          onAdd={(draft: SectionDraft) => update((current) => addSection(current, draft))}
        />
      </section>
      {toDelete && (
        <ConfirmDialog
          title="Supprimer la section ?"
          confirmLabel="Supprimer"
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        >
          <p>
            La section « {toDelete.title} » sera retirée de la page d&apos;accueil. Cette action est
            définitive.
          </p>
          {isSectionType(toDelete.type) && (
            <p>
              Pour la retirer seulement un temps, masquez-la plutôt avec le bouton en forme
              d&apos;œil.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
