import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getComplianceSettings, saveComplianceSettings, type ComplianceSettings } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/company/settings/compliance`: the lists, threshold and toggle as saved. */
export function complianceSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.compliance(), queryFn: () => getComplianceSettings(api()), staleTime: 0 });
}

export function useComplianceSettings() {
  return useQuery(complianceSettingsQueryOptions());
}

/**
 * `PUT /api/v1/company/settings/compliance`: the saved settings become the answer, and the
 * company's configuration (its `compliance_enabled` toggle, which members' caption boxes read)
 * is read again.
 */
export function useSaveComplianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComplianceSettings) => saveComplianceSettings(api(), input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.admin.compliance(), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.configInfo() });
    },
  });
}
