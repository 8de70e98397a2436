export { Sheet } from './Sheet';
export type { SheetProps } from './Sheet';
export { OptionPicker } from './OptionPicker';
export type { OptionPickerProps } from './OptionPicker';
export { CountryPicker } from './CountryPicker';
export type { CountryPickerProps } from './CountryPicker';
export { useCountryName, useCountryNames, loadCountryNames } from './country-names';
export type { CountryNames } from './country-names';
