/** A company setting (R-SET-1). */
export interface SettingDto {
  key: string;
  value: string;
}
