import { TextInput, type TextInputProps } from "@mantine/core";

/** A Japanese phone number; the shared schema accepts it with or without hyphens and stores 03-1234-5678. */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      label="電話番号"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="例: 03-1234-5678"
      withAsterisk
      {...props}
    />
  );
}
