import {
  Button,
  CloseButton,
  Group,
  Input,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { formatPostalCode, normalizePostalCode, type Prefecture, prefectures } from "@okuru/core/shared/text";
import { IconMapPinSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { ApiError, type GeocodingAddress } from "../../lib/api";
import { geocodingQueryOptions } from "../../queries/geocoding";
import classes from "./AddressFields.module.css";
import { LaterSelect } from "./LaterSelect";

/** The address part of a form, keyed as the shared schemas (and the API) key it. */
export type AddressValues = {
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
};

export const emptyAddress: AddressValues = {
  postal_code: "",
  prefecture: "",
  city: "",
  address1: "",
  address2: "",
};

/** Form values from an API answer (camelCase, postal code in 7 digits, shown as 100-0001). */
export function addressValues(source: {
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
}): AddressValues {
  return {
    postal_code: source.postalCode ? formatPostalCode(source.postalCode) : "",
    prefecture: source.prefecture,
    city: source.city,
    address1: source.address1,
    address2: source.address2,
  };
}

/** One line for an address: 〒100-0001 東京都千代田区千代田1-1 送るビル */
export function formatAddress(source: {
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
}): string {
  const postal = source.postalCode ? `〒${formatPostalCode(source.postalCode)} ` : "";
  const line = `${source.prefecture}${source.city}${source.address1}`;
  return `${postal}${line}${source.address2 ? ` ${source.address2}` : ""}`;
}

const isPrefecture = (value: string): value is Prefecture =>
  (prefectures as readonly string[]).includes(value);

export const lookupFailedMessage = "住所を検索できませんでした。時間をおいて再度お試しください。";

export interface AddressFieldsProps<Values extends AddressValues> {
  // biome-ignore lint/suspicious/noExplicitAny: any form whose values include the address, however it validates.
  form: UseFormReturnType<Values, any, any>;
}

/**
 * 郵便番号 → 都道府県・市区町村・町域, then 町名・番地 and 建物名. The postal code is
 * accepted half or full width, with or without a hyphen; seven digits typed (or the
 * 「住所を自動入力」 button) look it up. One match fills the address and moves on to
 * 町名・番地; several are offered as a list; a code that finds nothing says so next
 * to the field.
 */
export function AddressFields<Values extends AddressValues>(props: AddressFieldsProps<Values>) {
  const form = props.form as unknown as UseFormReturnType<AddressValues>;
  const queryClient = useQueryClient();
  const postalId = useId();
  const [candidates, setCandidates] = useState<GeocodingAddress[] | null>(null);
  const [searching, setSearching] = useState(false);
  // The code last looked up automatically: typing on after it must not ask again.
  const autoLookedUp = useRef<string | null>(null);
  // Only the newest lookup may write to the form.
  const latest = useRef(0);

  function focusAddress1() {
    requestAnimationFrame(() => {
      const node = form.getInputNode<HTMLInputElement, "address1">("address1");
      if (!node) return;
      node.focus();
      node.setSelectionRange(node.value.length, node.value.length);
    });
  }

  function apply(address: GeocodingAddress) {
    const current = form.getValues();
    form.setFieldValue("postal_code", formatPostalCode(address.postalCode));
    if (isPrefecture(address.prefecture)) form.setFieldValue("prefecture", address.prefecture);
    form.setFieldValue("city", address.city);
    // Keep what was typed after the town (番地); replace an address from another town.
    const keep = address.town
      ? current.address1.startsWith(address.town)
      : current.city === address.city && current.prefecture === address.prefecture;
    if (!keep) form.setFieldValue("address1", address.town);
    autoLookedUp.current = address.postalCode;
    setCandidates(null);
    focusAddress1();
  }

  async function lookup(raw: string) {
    const request = ++latest.current;
    setCandidates(null);
    setSearching(true);
    try {
      // A malformed code still goes to the API, whose message then explains the format.
      const result = await queryClient.fetchQuery(
        geocodingQueryOptions(normalizePostalCode(raw) ?? raw.trim()),
      );
      if (request !== latest.current) return;
      form.clearFieldError("postal_code");
      const [only, ...others] = result.addresses;
      if (only && others.length === 0) {
        apply(only);
      } else {
        form.setFieldValue("postal_code", result.display);
        autoLookedUp.current = result.postalCode;
        setCandidates(result.addresses);
      }
    } catch (error) {
      if (request !== latest.current) return;
      form.setFieldError("postal_code", error instanceof ApiError ? error.message : lookupFailedMessage);
    } finally {
      if (request === latest.current) setSearching(false);
    }
  }

  /** Seven digits typed: look them up once. */
  function lookupWhenComplete(value: string) {
    const code = normalizePostalCode(value);
    if (!code) {
      // The code is being changed: earlier choices and answers still on their way no longer apply.
      autoLookedUp.current = null;
      latest.current += 1;
      setSearching(false);
      setCandidates(null);
      return;
    }
    if (code === autoLookedUp.current) return;
    autoLookedUp.current = code;
    void lookup(value);
  }

  const postal = form.getInputProps("postal_code");
  const postalError = postal.error as string | undefined;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Input.Wrapper label="郵便番号" withAsterisk id={postalId} error={postalError}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Input
              {...postal}
              id={postalId}
              className={classes.postal}
              placeholder="例: 100-0001"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              aria-invalid={postalError ? true : undefined}
              aria-describedby={postalError ? `${postalId}-error` : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                postal.onChange(event);
                // While a Japanese IME is composing, wait for the text to be committed.
                if (!(event.nativeEvent as InputEvent).isComposing)
                  lookupWhenComplete(event.currentTarget.value);
              }}
              onCompositionEnd={(event) => lookupWhenComplete(event.currentTarget.value)}
            />
            <Button
              variant="light"
              leftSection={<IconMapPinSearch size={16} stroke={1.8} />}
              loading={searching}
              onClick={() => void lookup(form.getValues().postal_code)}
              className={classes.lookup}
            >
              住所を自動入力
            </Button>
          </Group>
        </Input.Wrapper>

        {candidates && (
          <Paper withBorder className={classes.candidates} role="group" aria-label="住所の候補">
            <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.candidatesHeader}>
              <Text size="sm" fw={600}>
                該当する住所が{candidates.length}件見つかりました。選択してください。
              </Text>
              <CloseButton size="sm" aria-label="候補を閉じる" onClick={() => setCandidates(null)} />
            </Group>
            <ScrollArea.Autosize mah={240} type="auto">
              {candidates.map((candidate) => {
                const label = [candidate.prefecture, candidate.city, candidate.town]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <UnstyledButton
                    key={`${candidate.cityCode}-${candidate.town}`}
                    className={classes.candidate}
                    onClick={() => apply(candidate)}
                  >
                    {label}
                  </UnstyledButton>
                );
              })}
            </ScrollArea.Autosize>
          </Paper>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <LaterSelect
          label="都道府県"
          placeholder="選択してください"
          data={prefectures as unknown as string[]}
          searchable
          allowDeselect={false}
          nothingFoundMessage="該当する都道府県がありません"
          maxDropdownHeight={280}
          autoComplete="address-level1"
          withAsterisk
          {...form.getInputProps("prefecture")}
        />
        <TextInput
          label="市区町村"
          placeholder="例: 千代田区"
          autoComplete="address-level2"
          withAsterisk
          {...form.getInputProps("city")}
        />
      </SimpleGrid>
      <TextInput
        label="町名・番地"
        placeholder="例: 千代田1-1"
        autoComplete="address-line1"
        withAsterisk
        {...form.getInputProps("address1")}
      />
      <TextInput
        label="建物名・部屋番号"
        placeholder="例: 送るビル 3階"
        autoComplete="address-line2"
        {...form.getInputProps("address2")}
      />
    </Stack>
  );
}
