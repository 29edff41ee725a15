import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { groupRequestBodySchema } from '@schooliko/common/group-requests';
import { GROUP_TYPES, type GroupSummary, type GroupType } from '@schooliko/common/groups';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { fieldErrorText, messageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { errorMessage } from '../../kit/http-error';
import { useDebounced } from '../../kit/lists/use-debounced';
import { toast } from '../../kit/toast/toast.slice';
import { groupTypeLabel, useSearchGroupsQuery } from '../groups';
import { joinRequestAdded } from './join-request.slice';
import { useGroupRequestMutation } from './join-requests.api';

/** The join request's fields (groupRequestBodySchema's join-request). */
type Values = { group_id: string; message: string };

/** Spec 2.9 / 5.6: Find Group — a type, then a group of that type, then Join Group. */
export function FindGroupPanel({ disabled, onSent }: { disabled?: boolean; onSent?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [type, setType] = useState<GroupType | ''>('');
  const [group, setGroup] = useState<GroupSummary | null>(null);
  const [input, setInput] = useState('');
  const q = useDebounced(input, 300);
  const search = useSearchGroupsQuery({ q: group ? '' : q, type: type || 'school_chain' }, { skip: !type });
  const [send, sending] = useGroupRequestMutation();

  const { form, submit } = useSchemaForm({
    schema: groupRequestBodySchema,
    defaultValues: { group_id: '', message: '' } satisfies Values,
    toInput: (v: Values) => ({ event_type: 'join-request' as const, ...v }),
    fallback: t('groups.messages.joinFailed'),
    send: async (body) => {
      const result = await send(body);
      if (result.error) {
        const text = errorMessage(result.error);
        dispatch(
          toast.error(text ? messageText(t, text) : t('groups.messages.joinFailed'), {
            title: t('groups.messages.joinFailedTitle'),
          }),
        );
        // Said in the toast; an error of a field also shows beside it.
        throw result.error;
      }
      dispatch(joinRequestAdded(result.data));
      dispatch(toast.success(t('groups.messages.joinSent'), { title: t('groups.messages.joinSentTitle') }));
      setGroup(null);
      setInput('');
      form.reset();
      onSent?.();
    },
  });
  const choose = (value: GroupSummary | null) => {
    setGroup(value);
    form.setValue('group_id', value?.group_id ?? '');
    form.clearErrors('group_id');
  };
  const groupError = fieldErrorText(t, form.formState.errors.group_id);

  return (
    <Box sx={{ mt: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}>
      <FormProvider {...form}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('groups.join.type')}
            value={type}
            disabled={disabled}
            onChange={(e) => {
              setType(e.target.value as GroupType);
              choose(null);
              setInput('');
            }}
          >
            {GROUP_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {groupTypeLabel(t, value)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={search.data ?? []}
            value={group}
            onChange={(_e, value) => choose(value)}
            inputValue={input}
            onInputChange={(_e, value) => setInput(value)}
            disabled={disabled || !type}
            loading={search.isFetching}
            filterOptions={(options) => options}
            getOptionLabel={(option) => option.group_name}
            isOptionEqualToValue={(a, b) => a.group_id === b.group_id}
            noOptionsText={t('groups.join.noGroups')}
            loadingText={t('groups.join.searching')}
            renderOption={(props, option) => {
              const { key, ...rest } = props;
              return (
                <Box component="li" key={key} {...rest}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {option.group_name}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {option.group_code}
                      </Typography>
                    </Typography>
                    {option.group_description && (
                      <Typography variant="caption" color="text.secondary" noWrap component="p">
                        {option.group_description}
                      </Typography>
                    )}
                  </Box>
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={t('groups.join.group')}
                error={Boolean(groupError)}
                helperText={groupError}
                placeholder={type ? t('groups.join.searchPlaceholder') : t('groups.join.chooseTypeFirst')}
              />
            )}
          />
          {search.isError && <Alert severity="error">{t('groups.messages.pickerLoadFailed')}</Alert>}
          {group && (
            <RhfTextField<Values>
              name="message"
              label={t('groups.join.message')}
              clean={(raw) => raw.slice(0, 500)}
              multiline
              minRows={2}
            />
          )}
          <Box>
            <Button
              variant="contained"
              onClick={(e) => void submit(e)}
              disabled={disabled || !group || sending.isLoading}
              startIcon={sending.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('groups.join.joinGroup')}
            </Button>
          </Box>
        </Stack>
      </FormProvider>
    </Box>
  );
}
