export { theme, type Theme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { UiProvider } from './UiProvider';

export { Button, type ButtonVariant } from './primitives/Button';
export { Input, Select, Textarea, Checkbox } from './primitives/fields';
export { Card, CardTitle, PageTitle } from './primitives/Card';
export { PageHeader } from './primitives/PageHeader';
export { ExportAllDataButton } from './primitives/ExportAllDataButton';
export { Badge, type BadgeTone } from './primitives/Badge';
export { DashboardSection, EmptyText } from './primitives/DashboardSection';
export { FiscalYearTable } from './targets/FiscalYearTable';
export { Tiles, Tile, TileValue, TileDetail } from './primitives/Tiles';
export { FigureTiles, type Figure } from './primitives/FigureTiles';
export { CaptionedTable, DataTable, TableScroll } from './primitives/DataTable';
export { PageNav } from './primitives/PageNav';
export { VisuallyHidden } from './primitives/VisuallyHidden';
export { FormActions } from './primitives/FormActions';
export { Spinner, CentredSpinner } from './primitives/Spinner';
export { ProgressBar, hoursProgress, type ProgressTone } from './primitives/ProgressBar';
export { Tabs, type TabItem } from './primitives/Tabs';
export { Dialog, DialogActions } from './primitives/Dialog';
export { ConfirmDialog } from './primitives/ConfirmDialog';
export { formatFileSize } from './primitives/fileSize';
export { FormField, FieldError, RequiredMarker } from './primitives/FormField';
export { DaysLeftBadge } from './primitives/DaysLeftBadge';
export { PasswordInput } from './primitives/PasswordInput';
export { validateForm, type FormSchema, type FieldErrors, type FormValidation } from './forms/validateForm';
export { useValidatedForm, type SchemaSource } from './forms/useValidatedForm';
export { NameFields, PasswordField, type FormBinding } from './forms/boundFields';
export { useDebouncedValue, SEARCH_DELAY_MS } from './forms/useDebouncedValue';

export { ToastProvider, useToast, TOAST_DURATION_MS, type ToastMessage, type ToastVariant } from './toast/ToastProvider';

export { ApiError, errorMessageOf, AUTH_TOKEN_KEY, type HttpMethod } from './api/client';
export { swrConfig, longCacheOptions, LONG_CACHE_MS } from './api/swr';
export { useWrite, useRefreshAfter } from './api/useWrite';
export { callRoute, useRead, readKey, ApiContractError } from './api/routeCalls';
export { useUpload } from './api/upload';
export { downloadPersonalData } from './api/personalData';
export { useDepartments, useManagerOptions, useUserDirectory, useFiscalYears } from './api/organisationReads';

export { useAsOfRead } from './as-of/useAsOfRead';
export { AsOfControl } from './as-of/AsOfControl';
export { AsOfBanner } from './as-of/AsOfBanner';

export { YearSelector, useAvailableYears, currentYear, AVAILABLE_YEARS_ERROR } from './years/YearSelector';

export { useCurrentUser, fetchCurrentUser, CURRENT_USER_KEY } from './session/currentUser';
export { useAuthActions, useSignOutWhenSessionEnds } from './session/authActions';
export { useUpdateUser, type UserUpdate } from './session/updateUser';
export { useOrgConfig, useOrgEmailDomain, useSignInOptions, ORG_CONFIG_KEY } from './session/orgEmailDomain';

export { SortableSections, type SortableSection } from './layout/SortableSections';
export { ReorderableList, type ReorderableItem, type ReorderableListProps } from './layout/ReorderableList';
export { useStoredOrder, readStoredOrder, moveTo } from './layout/storedOrder';
