/** A company setting (core.md §3 Setting). */
export interface SettingDto {
  key: string;
  value: string;
}
