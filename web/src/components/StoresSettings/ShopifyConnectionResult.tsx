import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from "@tabler/icons-react";
import { Link, useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError, type Shop } from "../../lib/api";
import { useVerifyShopifyRequest } from "../../queries/shops";
import type { StoresOrigin } from "./StoresSettings";

type Verification =
  | { state: "pending" }
  | { state: "connected"; shop: Shop }
  | { state: "failed"; message: string };

export const verifyFailedMessage = "Shopifyストアと接続できませんでした。時間をおいて再度お試しください。";

/**
 * The query Shopify returned with, every parameter as the string it was in the URL.
 * Read from the history rather than the router's parsed search, which turns
 * number-like values (a timestamp, an hmac such as 12e34) into numbers.
 */
function returnQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export interface ShopifyConnectionResultProps {
  from: StoresOrigin;
  /** Shown under the result when the connection succeeded (e.g. the wizard's way forward). */
  next?: ReactNode;
}

/**
 * The end of Shopify's app authorisation: sends the returned query to the API once
 * (a second mount in StrictMode must not replay it: the API refuses a reused state),
 * then says whether the shop is connected.
 */
export function ShopifyConnectionResult({ from, next }: ShopifyConnectionResultProps) {
  const router = useRouter();
  const verify = useVerifyShopifyRequest();
  const { mutateAsync } = verify;
  const [result, setResult] = useState<Verification>({ state: "pending" });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutateAsync(returnQuery(router.history.location.search)).then(
      (shop) => setResult({ state: "connected", shop }),
      (error: unknown) =>
        setResult({
          state: "failed",
          message: error instanceof ApiError ? error.message : verifyFailedMessage,
        }),
    );
  }, [mutateAsync, router]);

  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2} fz="lg">
        Shopifyストアの接続
      </Title>
      {result.state === "pending" && (
        <Group gap="sm" py="lg" role="status">
          <Loader size="sm" />
          <Text size="sm">Shopifyストアと接続しています…</Text>
        </Group>
      )}
      {result.state === "connected" && (
        <>
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} stroke={1.7} />}>
            {`${result.shop.name} と接続しました。注文の取り込みを始めました。`}
          </Alert>
          <Group>
            <StoresLink from={from} leftSection={<IconArrowLeft size={16} stroke={1.8} />}>
              {from === "settings" ? "ストア管理に戻る" : "ストア連携に戻る"}
            </StoresLink>
          </Group>
          {next}
        </>
      )}
      {result.state === "failed" && (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} stroke={1.7} />} role="alert">
            {result.message}
          </Alert>
          <Group>
            <StoresLink from={from}>
              {from === "settings" ? "ストア管理からやり直す" : "ストア連携からやり直す"}
            </StoresLink>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** Back to the screen the connection was started from. */
function StoresLink({
  from,
  leftSection,
  children,
}: {
  from: StoresOrigin;
  leftSection?: ReactNode;
  children: string;
}) {
  return from === "settings" ? (
    <Button component={Link} to="/settings/stores" variant="default" leftSection={leftSection}>
      {children}
    </Button>
  ) : (
    <Button
      renderRoot={(props) => <Link to="/setup/stores" {...props} />}
      variant="default"
      leftSection={leftSection}
    >
      {children}
    </Button>
  );
}
