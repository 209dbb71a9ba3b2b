import { preloadOpeningChunks } from "./opening-chunks";

/**
 * Bootstrap. The app is imported dynamically so that a configuration error (thrown
 * while src/config.ts validates import.meta.env) becomes a readable page instead of
 * a blank one.
 */
const container = document.getElementById("root");

function showStartupError(root: HTMLElement, error: unknown): void {
  const isConfigError = error instanceof Error && error.name === "ConfigError";
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.style.cssText =
    "max-width:560px;margin:15vh auto;padding:24px 28px;border:1px solid #f1c0c0;border-radius:8px;background:#fff5f5;color:#5c1a1a;line-height:1.7;font-family:'Hiragino Sans','Noto Sans JP','Yu Gothic',sans-serif";
  const title = document.createElement("h1");
  title.style.cssText = "margin:0 0 8px;font-size:18px";
  title.textContent = isConfigError
    ? "アプリケーションの設定に誤りがあります"
    : "アプリケーションを起動できませんでした";
  const message = document.createElement("p");
  message.style.cssText = "margin:0 0 8px;font-size:14px";
  message.textContent = isConfigError
    ? (error as Error).message
    : "ページを再読み込みしてください。問題が続く場合はサポートまでお問い合わせください。";
  const hint = document.createElement("p");
  hint.style.cssText = "margin:0;font-size:13px;color:#8a4b4b";
  hint.textContent = isConfigError
    ? "管理者の方は環境変数を設定してから、アプリケーションを再ビルド・再起動してください。"
    : "";
  box.append(title, message, hint);
  root.replaceChildren(box);
  console.error(error);
}

if (container) {
  preloadOpeningChunks(document, location.pathname);
  import("./app").then(
    ({ startApp }) => startApp(container),
    (error: unknown) => showStartupError(container, error),
  );
}
