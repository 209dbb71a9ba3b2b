import { isCalendarDate } from "../shared/dates";

/** A date of a delivery that no carrier takes, named by its field. */
export type DateProblem = { field: "delivery.ship_date" | "delivery.delivery_date"; message: string };

/**
 * The 出荷日 and お届け希望日 a parcel goes out with, judged the same way for a label and for
 * every carrier file: no ship date means `today` (Japan); a ship date in the past, or a
 * requested delivery before the ship date (a day that has passed, for an order that asked for
 * it), is a problem rather than a label promising a day already gone.
 */
export function shippingDates(
  delivery: { ship_date: string | null; delivery_date: string | null },
  today: string,
): { ship: string; delivery: string | null; problems: DateProblem[] } {
  const problems: DateProblem[] = [];
  let ship = delivery.ship_date ?? today;
  if (!isCalendarDate(ship)) {
    problems.push({ field: "delivery.ship_date", message: `発送予定日（${ship}）は存在しない日付です。` });
    ship = today;
  } else if (ship < today) {
    problems.push({ field: "delivery.ship_date", message: `発送予定日（${ship}）が過去の日付です。` });
  }
  const arrive = delivery.delivery_date;
  if (arrive === null) return { ship, delivery: null, problems };
  if (!isCalendarDate(arrive)) {
    problems.push({
      field: "delivery.delivery_date",
      message: `お届け希望日（${arrive}）は存在しない日付です。`,
    });
    return { ship, delivery: null, problems };
  }
  if (arrive < ship)
    problems.push({
      field: "delivery.delivery_date",
      message: `お届け希望日（${arrive}）が発送予定日（${ship}）より前です。`,
    });
  return { ship, delivery: arrive, problems };
}
