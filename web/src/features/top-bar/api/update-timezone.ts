import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserTimezone, type UserResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { userQueryOptions } from '../../../lib/auth.tsx';

/** `PATCH /api/v4/user` with a time zone. */
export function saveTimezone(timezone: string): Promise<UserResponse> {
  return updateUserTimezone(api(), { timezone });
}

/** Saves the user's time zone and puts the returned user in the cache. */
export function useUpdateTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimezone,
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(user.id).queryKey, user),
  });
}
