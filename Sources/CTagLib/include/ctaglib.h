/* Placeholder: replaced by the real C API. */
#ifdef __cplusplus
extern "C" {
#endif
int ctaglib_placeholder(void);
#ifdef __cplusplus
}
#endif
