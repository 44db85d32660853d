import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  changePassword,
  deleteAvatar,
  saveAppLanguage,
  saveUser,
  uploadAvatar,
  type ChangePasswordRequest,
  type Language,
  type TimezoneListResponse,
  type UpdateUserRequest,
  type UserResponse,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { userQueryOptions } from '../../../lib/auth.tsx';
import { writeLanguageCookie } from '../../../lib/cookies.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/common/timezone`: the time zones to choose from. */
export function fetchTimezones(): Promise<TimezoneListResponse> {
  return api().timezones();
}

/** Query options of the time zone list (it does not change while the app runs). */
export function timezonesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.timezones(), queryFn: fetchTimezones, staleTime: Infinity });
}

/** The time zone list query. */
export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}

function useReplaceCachedUser(): (user: UserResponse) => void {
  const queryClient = useQueryClient();
  return (user) => queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
}

/** `POST /api/v1/user/{id}`: saves the user's own settings; the cached user becomes the answer. */
export function useSaveUser(userId: number) {
  const replace = useReplaceCachedUser();
  return useMutation({ mutationFn: (input: UpdateUserRequest) => saveUser(api(), userId, input), onSuccess: replace });
}

/** `POST /api/v1/user/password`: the client keeps the new session token the answer carries. */
export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => changePassword(api(), input) });
}

/** `POST /api/v1/user/{id}/picture` with the chosen file. */
export function useUploadAvatar(userId: number) {
  const replace = useReplaceCachedUser();
  return useMutation({ mutationFn: (file: File) => uploadAvatar(api(), userId, file, file.name), onSuccess: replace });
}

/** `DELETE /api/v1/user/{id}/picture`. */
export function useDeleteAvatar(userId: number) {
  const replace = useReplaceCachedUser();
  return useMutation({ mutationFn: () => deleteAvatar(api(), userId), onSuccess: replace });
}

/**
 * `POST /api/v1/user/app/language`, then the whole interface switches without a reload: the
 * `language` cookie (60 days) and i18next follow the saved language, and so does the cached user.
 */
export function useSaveLanguage(user: UserResponse) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (language: Language) => saveAppLanguage(api(), language),
    onSuccess: async ({ language }) => {
      writeLanguageCookie(document, language);
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, (cached) => (cached ? { ...cached, language } : cached));
      await i18n.changeLanguage(language);
    },
  });
}
