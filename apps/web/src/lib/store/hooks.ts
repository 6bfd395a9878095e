import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './create-store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectUser = (state: RootState) => state.global.user;
export const selectProfileError = (state: RootState) => state.global.profileError;
