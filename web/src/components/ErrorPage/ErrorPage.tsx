import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ApiError } from "../../lib/api";
import { Logo } from "../Logo/Logo";

const titles: Record<number, string> = {
  400: "リクエストが正しくありません",
  401: "ログインが必要です",
  403: "アクセスする権限がありません",
  404: "ページが見つかりません",
  500: "エラーが発生しました",
  503: "ただいまサービスを利用できません",
};

const descriptions: Record<number, string> = {
  404: "お探しのページは移動または削除された可能性があります。URLをご確認ください。",
  401: "ログインの有効期限が切れた可能性があります。再度ログインしてください。",
  403: "このページを表示する権限がありません。",
};

export interface ErrorPageProps {
  /**
   * The HTTP status code the page was given (docs/requirements.md#loading-toasts-and-error-page: a generic
   * error with that status code).
   */
  errorCode: number;
  /** A more specific Japanese message, e.g. the API's message. */
  message?: string;
  /** Extra actions, e.g. a retry button. */
  actions?: ReactNode;
}

/** A generic error page for a status code. */
export function ErrorPage({ errorCode, message, actions }: ErrorPageProps) {
  const title = titles[errorCode] ?? (errorCode >= 500 ? titles[500] : "エラーが発生しました");
  const description =
    message ??
    descriptions[errorCode] ??
    "しばらく時間をおいてから、再度お試しください。問題が続く場合はサポートまでお問い合わせください。";
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Logo size="sm" />
        <Text mt="lg" fz={72} fw={800} lh={1} c="gray.4" aria-label={`エラーコード ${errorCode}`}>
          {errorCode}
        </Text>
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
        <Group mt="md" gap="sm" justify="center">
          {actions}
          <Button component={Link} to="/" variant={actions ? "default" : "filled"}>
            トップページへ戻る
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/** An ApiError keeps its status and Japanese message (no status: the server was unreachable); anything else is a 500. */
export function errorPageProps(error: unknown): { errorCode: number; message?: string } {
  if (error instanceof ApiError) return { errorCode: error.status || 503, message: error.message };
  return { errorCode: 500 };
}
