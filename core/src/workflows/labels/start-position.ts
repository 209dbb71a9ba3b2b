import { Brand } from "../../entities/brand";
import { InputError } from "../../error";
import { carriers } from "../../shared/brand";
import { slotsOfLayout } from "../../shared/start-position";

/**
 * A 印刷開始位置 the brand's sheets have: at most the labels a sheet of its largest layout
 * holds. Which carrier each order ships with is decided as its part runs, so a carrier
 * whose sheet has fewer labels starts at its first (shared/start-position.ts).
 */
export async function checkStartPosition(start: number | undefined): Promise<void> {
  if (start === undefined || start === 1) return;
  const settings = Brand.serialize(await Brand.get()).print_settings;
  const slots = Math.max(...carriers.map((carrier) => slotsOfLayout[settings[carrier].layout]));
  if (start <= slots) return;
  throw new InputError("input.invalid", "入力内容に誤りがあります。", {
    start_position:
      slots === 1
        ? "1面の用紙では印刷開始位置を指定できません"
        : `印刷開始位置は1〜${slots}で指定してください（用紙1枚に${slots}面）`,
  });
}
