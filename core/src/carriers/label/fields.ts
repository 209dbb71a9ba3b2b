import { timeSlotLabels } from "../../shared/delivery";
import { formatTrackingNumber } from "../../shared/tracking-number";
import type { LabelParcel, LabelParty } from "./types";

/** The printed texts of one label, by the name the layouts refer to them with. */
export type LabelFields = {
  trackingNumber: string;
  parcels: string;
  shipDate: string;
  orderNumber: string;
  recipientPostalCode: string;
  recipientPhone: string;
  recipientAddress1: string;
  recipientAddress2: string;
  recipientCompany: string;
  recipientName: string;
  senderPostalCode: string;
  senderPhone: string;
  senderAddress: string;
  senderName: string;
  itemName: string;
  handling1: string;
  handling2: string;
  deliveryDate: string;
  timeSlot: string;
  codAmount: string;
  coolType: string;
};
export type LabelField = keyof LabelFields;

const weekdays = ["日", "月", "火", "水", "木", "金", "土"];

/** 7月15日(水): the form carriers print, read at a glance by the driver. */
function monthDay(isoDate: string | null): string {
  if (!isoDate) return "";
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}月${day}日(${weekday})`;
}

function postalCode(raw: string): string {
  const digits = raw.normalize("NFKC").replace(/\D/g, "");
  return digits.length === 7 ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : raw ? `〒${raw}` : "";
}

/** Phone numbers are digits and hyphens only, so width conversion cannot change their meaning. */
const phone = (raw: string) => (raw ? `TEL ${raw.normalize("NFKC")}` : "");

/** Prefecture to street number as one run; the building (address2) gets its own line on the label. */
function partyAddress(party: LabelParty): string {
  return `${party.prefecture}${party.city}${party.address1}`;
}

export function labelFields(parcel: LabelParcel): LabelFields {
  const { recipient, sender } = parcel;
  // A person is addressed with 様; a company with no contact person takes the name's place, as 御中.
  const addressedToCompany = !recipient.name && recipient.company !== "";
  const recipientName = addressedToCompany
    ? `${recipient.company} 御中`
    : recipient.name
      ? `${recipient.name} 様`
      : "";
  return {
    trackingNumber: formatTrackingNumber(parcel.trackingNumber),
    parcels: `${parcel.parcelIndex}/${parcel.parcelCount}`,
    shipDate: monthDay(parcel.shipDate),
    orderNumber: parcel.orderNumber,
    recipientPostalCode: postalCode(recipient.postalCode),
    recipientPhone: phone(recipient.phone),
    recipientAddress1: partyAddress(recipient),
    recipientAddress2: recipient.address2,
    recipientCompany: addressedToCompany ? "" : recipient.company,
    recipientName,
    senderPostalCode: postalCode(sender.postalCode),
    senderPhone: phone(sender.phone),
    senderAddress: [partyAddress(sender), sender.address2].filter(Boolean).join(" "),
    senderName: [sender.company, sender.name].filter(Boolean).join(" "),
    itemName: parcel.itemName,
    handling1: parcel.handling1,
    handling2: parcel.handling2,
    deliveryDate: parcel.deliveryDate ? monthDay(parcel.deliveryDate) : "指定なし",
    timeSlot: timeSlotLabels[parcel.timeSlot],
    codAmount: parcel.codAmount === null ? "" : `¥${parcel.codAmount.toLocaleString("en-US")}`,
    coolType: parcel.coolType ?? "",
  };
}
