import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_TYPES, type GroupSummary, type GroupType } from '@schooliko/common/groups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../forms/messages';
import { groupTypeLabel } from '../groups/group-text';
import { useSearchGroupsQuery } from '../groups/groups.api';
import { errorMessage } from '../groups/http-error';
import { useDebounced } from '../lists/use-debounced';
import { toast } from '../toast/toast.slice';
import { joinRequestAdded } from './join-request.slice';
import { useGroupRequestMutation } from './join-requests.api';

/** Spec 2.9 / 5.6: Find Group — a type, then a group of that type, then Join Group. */
export function FindGroupPanel({ disabled, onSent }: { disabled?: boolean; onSent?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [type, setType] = useState<GroupType | ''>('');
  const [group, setGroup] = useState<GroupSummary | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState('');
  const q = useDebounced(input, 300);
  const search = useSearchGroupsQuery({ q: group ? '' : q, type: type || 'school_chain' }, { skip: !type });
  const [send, sending] = useGroupRequestMutation();

  const join = async () => {
    if (!group) return;
    const result = await send({ event_type: 'join-request', group_id: group.group_id, message });
    if (result.error) {
      const text = errorMessage(result.error);
      dispatch(
        toast.error(text ? messageText(t, text) : t('groups.messages.joinFailed'), {
          title: t('groups.messages.joinFailedTitle'),
        }),
      );
      return;
    }
    dispatch(joinRequestAdded(result.data));
    dispatch(toast.success(t('groups.messages.joinSent'), { title: t('groups.messages.joinSentTitle') }));
    setGroup(null);
    setInput('');
    setMessage('');
    onSent?.();
  };

  return (
    <Box sx={{ mt: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={t('groups.join.type')}
          value={type}
          disabled={disabled}
          onChange={(e) => {
            setType(e.target.value as GroupType);
            setGroup(null);
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
          onChange={(_e, value) => setGroup(value)}
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
              placeholder={type ? t('groups.join.searchPlaceholder') : t('groups.join.chooseTypeFirst')}
            />
          )}
        />
        {search.isError && <Alert severity="error">{t('groups.messages.pickerLoadFailed')}</Alert>}
        {group && (
          <TextField
            size="small"
            label={t('groups.join.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value.slice(0, 500))}
            multiline
            minRows={2}
          />
        )}
        <Box>
          <Button
            variant="contained"
            onClick={join}
            disabled={disabled || !group || sending.isLoading}
            startIcon={sending.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('groups.join.joinGroup')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
