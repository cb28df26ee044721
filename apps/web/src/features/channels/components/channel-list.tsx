import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, CloseButton, Collapse, Paper, Stack, Text, TextInput } from '@mantine/core';
import { BreakAfterUnderscores, wrappingLabel } from '@/components/wrapping-label';
import type { Channel, ChannelProperty, TransactionType } from '@store/contract/client';
import {
  applicableProperties,
  CHANNEL_SEARCH_THRESHOLD,
  choosesImmediately,
  filterChannels,
  isCardsSession,
  matchesChannelSearch,
  propertyLabel,
  type ChannelFilter,
} from '../utils/channel-filter';

/** What the customer typed into a channel's inputs, by property name. */
export type ChannelPropertyValues = Record<string, string>;

export interface ChannelListProps {
  channels: readonly Channel[];
  filter: ChannelFilter;
  transactionTypes: readonly TransactionType[];
  /** While a choice is being acted on, every button waits. */
  disabled?: boolean;
  onChoose: (channel: Channel, values: ChannelPropertyValues) => void;
  /**
   * The card form a cards-session channel opens (the app composes it from the cards feature).
   * Without it, cards-session channels are not offered.
   */
  renderCardForm?: (channel: Channel) => ReactNode;
  /** The label of a channel form's button: Pay at checkout, Link on the link screen. */
  submitLabel?: string;
}

function ChannelForm({
  channel,
  properties,
  disabled,
  submitLabel,
  onSubmit,
}: {
  channel: Channel;
  properties: ChannelProperty[];
  disabled: boolean;
  submitLabel: string;
  onSubmit: (values: ChannelPropertyValues) => void;
}) {
  const [values, setValues] = useState<ChannelPropertyValues>(() =>
    Object.fromEntries(properties.map((property) => [property.name, property.value ?? ''])),
  );

  // Every input a channel asks for is needed: checked here, so that the provider is never asked
  // with one missing (OVO without a mobile number would only answer API_VALIDATION_ERROR).
  const [missing, setMissing] = useState<readonly string[]>([]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = properties.map(
      (property) => [property.name, (values[property.name] ?? '').trim()] as const,
    );
    const empty = trimmed.filter(([, value]) => value.length === 0).map(([name]) => name);
    setMissing(empty);
    if (empty.length > 0) return;
    onSubmit(Object.fromEntries(trimmed));
  }

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={submit}
      aria-label={`${channel.code} details`}
    >
      <Stack gap="sm">
        {properties.map((property) => (
          <TextInput
            key={property.name}
            type="text"
            label={propertyLabel(property.name)}
            value={values[property.name] ?? ''}
            error={
              missing.includes(property.name)
                ? `${propertyLabel(property.name)} is required`
                : undefined
            }
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [property.name]: value }));
              setMissing((current) => current.filter((name) => name !== property.name));
            }}
          />
        ))}
        <Button type="submit" disabled={disabled}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Find a payment channel: narrows a long list as the customer types, and says so when nothing
 * is left. The status line is always there, so that screen readers announce its changes.
 */
function ChannelSearch({
  text,
  matching,
  total,
  onChange,
}: {
  text: string;
  matching: number;
  total: number;
  onChange: (text: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const typed = text.trim();

  function clear() {
    onChange('');
    input.current?.focus();
  }

  return (
    <Stack gap={4}>
      <TextInput
        ref={input}
        label="Find a payment channel"
        value={text}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            clear();
          }
        }}
        rightSectionPointerEvents="all"
        rightSection={
          text !== '' && <CloseButton aria-label="Clear channel search" onClick={clear} />
        }
      />
      <Text role="status" size="sm" c={typed !== '' && matching === 0 ? undefined : 'dimmed'}>
        {typed === ''
          ? ''
          : matching === 0
            ? `No channel matches "${typed}"`
            : `${matching} of ${total} channels`}
      </Text>
    </Stack>
  );
}

/**
 * The channel picker: a full-width button per channel. A channel with no inputs for the current
 * transaction types is chosen on click; one with inputs opens its form. A long list (the
 * Malaysian one has forty FPX banks) can be narrowed by a search above it.
 */
export function ChannelList({
  channels,
  filter,
  transactionTypes,
  disabled = false,
  onChoose,
  renderCardForm,
  submitLabel = 'Pay',
}: ChannelListProps) {
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const offered = filterChannels(channels, filter).filter(
    (channel) => renderCardForm !== undefined || !isCardsSession(channel),
  );
  // The search belongs to the list it narrows: when the save toggle shortens the list below the
  // threshold, the search goes and every channel shows again.
  const searchable = offered.length > CHANNEL_SEARCH_THRESHOLD;
  const shown = searchable
    ? offered.filter((channel) => matchesChannelSearch(channel, search))
    : offered;

  if (offered.length === 0) return <Text c="dimmed">No payment channels available.</Text>;

  return (
    <Stack gap="xs">
      {searchable && (
        <ChannelSearch
          text={search}
          matching={shown.length}
          total={offered.length}
          onChange={setSearch}
        />
      )}
      {shown.map((channel) => {
        const properties = applicableProperties(channel, transactionTypes);
        const open = openCode === channel.code;
        return (
          <div key={channel.code}>
            <Button
              fullWidth
              {...wrappingLabel}
              // The places a long code may break at are not part of its name.
              aria-label={`${channel.code} ${channel.country}`}
              variant={open ? 'filled' : 'default'}
              disabled={disabled}
              aria-expanded={choosesImmediately(channel, transactionTypes) ? undefined : open}
              onClick={() => {
                if (choosesImmediately(channel, transactionTypes)) onChoose(channel, {});
                else setOpenCode(open ? null : channel.code);
              }}
            >
              <BreakAfterUnderscores text={`${channel.code} ${channel.country}`} />
            </Button>
            {/* While the form opens, the box that grows clips it, and a field focused meanwhile
                would scroll that box to show itself, then jump back down as the opening ends. */}
            <Collapse
              in={open}
              onScroll={(event) => {
                event.currentTarget.scrollTop = 0;
              }}
            >
              {open && isCardsSession(channel) && renderCardForm?.(channel)}
              {open && !isCardsSession(channel) && (
                <ChannelForm
                  key={transactionTypes.join()}
                  channel={channel}
                  properties={properties}
                  disabled={disabled}
                  submitLabel={submitLabel}
                  onSubmit={(values) => onChoose(channel, values)}
                />
              )}
            </Collapse>
          </div>
        );
      })}
    </Stack>
  );
}
