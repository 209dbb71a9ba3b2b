import { ComboboxChevron, Input, InputBase, type InputBaseProps, type SelectProps } from "@mantine/core";
import { Suspense } from "react";
import { loadLater, type StandInHandoff, type StandInProps, useStandIn } from "../../lib/load-later";

const select = loadLater<SelectProps & { handoff: StandInHandoff }>(() =>
  import("./select-part").then((module) => module.HandedOverSelect),
);

/**
 * Mantine's Select, drawn first as a stand-in of its closed field (the same input, label,
 * chevron, value and error; swapping it moves nothing) until its code has come: the
 * dropdown's code (Combobox, Popover and floating-ui's positioning, about 20 KB gzip) is
 * not needed to draw a closed field, and it would come with every first screen holding a
 * form (会社概要's address and brand defaults, the setup wizard). It is fetched when the
 * browser is idle; reached before that, it is fetched at once and takes the focus and the
 * click the stand-in got (useStandIn).
 */
export function LaterSelect(props: SelectProps) {
  const { ready, handoff, standInProps } = useStandIn(select);
  const standIn = <SelectStandIn {...props} reach={standInProps} />;
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <select.Component {...props} handoff={handoff} />
    </Suspense>
  );
}

/** The label `data` gives `value`: Select's data is strings, items or groups of either. */
export function optionLabel(data: SelectProps["data"], value: string | null | undefined): string {
  if (value == null) return "";
  for (const entry of data ?? []) {
    if (typeof entry === "string") {
      if (entry === value) return entry;
    } else if ("group" in entry) {
      const found = optionLabel(entry.items as SelectProps["data"], value);
      if (found) return found;
    } else if (entry.value === value) return (entry as { label?: string }).label ?? entry.value;
  }
  return "";
}

/**
 * What the stand-in draws of a Select: its closed field, with every prop the field takes
 * (label, description, error, sizes, spacing, aria, name…), as Select hands them to its
 * InputBase. The props listed first only the dropdown, the hidden input or the value use.
 */
function SelectStandIn({
  reach,
  data,
  value,
  onChange,
  onFocus,
  onBlur,
  onClick,
  clearable,
  searchable,
  readOnly,
  error,
  disabled,
  size,
  autoComplete,
  defaultValue: _defaultValue,
  dropdownOpened: _dropdownOpened,
  defaultDropdownOpened: _defaultDropdownOpened,
  onDropdownOpen: _onDropdownOpen,
  onDropdownClose: _onDropdownClose,
  selectFirstOptionOnChange: _selectFirstOptionOnChange,
  selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
  onOptionSubmit: _onOptionSubmit,
  comboboxProps: _comboboxProps,
  filter: _filter,
  limit: _limit,
  withScrollArea: _withScrollArea,
  maxDropdownHeight: _maxDropdownHeight,
  checkIconPosition: _checkIconPosition,
  withCheckIcon: _withCheckIcon,
  withAlignedLabels: _withAlignedLabels,
  nothingFoundMessage: _nothingFoundMessage,
  searchValue: _searchValue,
  defaultSearchValue: _defaultSearchValue,
  onSearchChange: _onSearchChange,
  allowDeselect: _allowDeselect,
  clearSectionMode: _clearSectionMode,
  clearButtonProps: _clearButtonProps,
  hiddenInputProps: _hiddenInputProps,
  renderOption: _renderOption,
  onClear: _onClear,
  scrollAreaProps: _scrollAreaProps,
  chevronColor,
  autoSelectOnBlur: _autoSelectOnBlur,
  openOnFocus: _openOnFocus,
  classNames: _classNames,
  styles: _styles,
  vars: _vars,
  ...field
}: SelectProps & { reach: StandInProps }) {
  const filled = value != null && value !== "";
  return (
    <InputBase
      {...(field as InputBaseProps & Record<string, unknown>)}
      __staticSelector="Select"
      error={error}
      disabled={disabled}
      size={size}
      readOnly
      pointer={!searchable}
      value={optionLabel(data, value)}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete={autoComplete}
      __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      __clearSection={<Input.ClearButton onClick={() => onChange?.(null, null as never)} />}
      __clearable={Boolean(clearable && filled && !disabled && !readOnly)}
      rightSectionPointerEvents={field.rightSectionPointerEvents ?? "none"}
      onPointerDown={reach.onPointerDown}
      onClick={(event) => {
        reach.onClick();
        onClick?.(event);
      }}
      onFocus={(event) => {
        reach.onFocus();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        reach.onBlur();
        onBlur?.(event);
      }}
    />
  );
}
