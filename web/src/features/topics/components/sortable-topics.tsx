import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TopicEntry } from '@chorus/core';
import styles from './manage-topics.module.css';

interface SortableTopicsProps {
  topics: readonly TopicEntry[];
  busy: boolean;
  onReorder: (ids: number[]) => void;
  onUnfollow: (topic: TopicEntry) => void;
}

function SortableTopic(props: {
  topic: TopicEntry;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onUnfollow: (topic: TopicEntry) => void;
}): JSX.Element {
  const { t } = useTranslation(['library']);
  const { topic, index, count } = props;
  const name = topic.category.name;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: topic.category.id });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${styles.row} ${styles.dragging}` : styles.row}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={t('library:manageTopics.dragHandle', { topic: name })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <Text className={styles.name}>{name}</Text>
      <Button size="small" appearance="subtle" disabled={props.busy || index === 0} aria-label={t('library:manageTopics.moveUp', { topic: name })} onClick={() => props.onMove(index, index - 1)}>
        {t('library:manageTopics.up')}
      </Button>
      <Button
        size="small"
        appearance="subtle"
        disabled={props.busy || index === count - 1}
        aria-label={t('library:manageTopics.moveDown', { topic: name })}
        onClick={() => props.onMove(index, index + 1)}
      >
        {t('library:manageTopics.down')}
      </Button>
      <Button size="small" disabled={props.busy} aria-label={t('library:manageTopics.unfollowTopic', { topic: name })} onClick={() => props.onUnfollow(topic)}>
        {t('library:manageTopics.unfollow')}
      </Button>
    </li>
  );
}

/** The followed topics, reorderable by drag (pointer or keyboard) and by move buttons. */
export function SortableTopics(props: SortableTopicsProps): JSX.Element {
  const { t } = useTranslation(['library']);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = props.topics.map((topic) => topic.category.id);
  const nameOf = (id: number | string): string => props.topics.find((topic) => topic.category.id === id)?.category.name ?? '';
  const positionOf = (id: number | string): number => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('library:manageTopics.announce.start', { topic: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('library:manageTopics.announce.over', { topic: nameOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('library:manageTopics.announce.end', { topic: nameOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('library:manageTopics.announce.cancel', { topic: nameOf(active.id) }),
  };

  const move = (from: number, to: number): void => {
    if (to < 0 || to >= ids.length || from === to) return;
    props.onReorder(arrayMove(ids, from, to));
  };
  const handleDragEnd = (event: DragEndEvent): void => {
    if (event.over === null) return;
    move(ids.indexOf(Number(event.active.id)), ids.indexOf(Number(event.over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('library:manageTopics.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={styles.list} aria-label={t('library:manageTopics.followedList')}>
          {props.topics.map((topic, index) => (
            <SortableTopic
              key={topic.category.id}
              topic={topic}
              index={index}
              count={props.topics.length}
              busy={props.busy}
              onMove={move}
              onUnfollow={props.onUnfollow}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
