import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCompanyFeatures, saveCompanyFeatures, type CompanyFeaturesRequest } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/company/settings/features`: the company's switches as saved. */
export function useCompanyFeatures() {
  return useQuery({ queryKey: queryKeys.admin.features(), queryFn: () => getCompanyFeatures(api()), staleTime: 0 });
}

/** Saves switches; the answer becomes the saved state and the company's configuration (which every screen reads) is read again. */
export function useSaveCompanyFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyFeaturesRequest) => saveCompanyFeatures(api(), input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.admin.features(), saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.configInfo() }), queryClient.invalidateQueries({ queryKey: queryKeys.user.all() })]);
    },
  });
}
