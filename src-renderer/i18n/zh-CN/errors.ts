import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.title': '出错了',
  'errors.bad_request': '网关拒绝了请求：{gatewayMessage}',
  'errors.unauthorized': '密钥被拒绝——请在设置中检查。',
  'errors.unauthorized_here': '密钥被拒绝：请检查上方的“API 密钥”，或粘贴另一个。',
  'errors.payment_required': '账户余额不足以完成此请求。请充值后重试。',
  'errors.not_found': '网关上没有这个模型或端点。请检查模型名称和配置中的地址。',
  'errors.rate_limited': '请求受限——{seconds} 秒后重试。',
  'errors.rate_limited_nowait': '请求受限——请稍候再试。',
  'errors.server_error': '网关内部出错。请稍后再试。',
  'errors.forbidden': '网关拒绝访问：密钥缺失，或无权使用此端点。请在设置中检查密钥。',
  'errors.forbidden_here': '网关拒绝访问：密钥缺失，或无权使用此端点。请检查上方“API 密钥”中的密钥。',
  'errors.link_expired': '结果链接已失效（可能已过期）。请重新生成。',
  'errors.too_large': '请求超出网关的大小限制。请缩短后重试。',
  'errors.too_large_pair':
    '状态加上最长的问题{question}约 {tokens} 个 token，超出评判上限 {limit} 共 {over} 个。请缩短状态。',
  'errors.too_large_total':
    '整个请求约 {tokens} 个 token，超出评判上限 {limit} 共 {over} 个。请缩短状态或问题。',
  'errors.too_large_counted': '网关计得 {what} 超过上限 {limit} 个 token；本地估算为 {tokens}。请缩短状态。',
  'errors.too_large_what_pair': '状态加最长的问题',
  'errors.too_large_what_total': '整个请求',
  'errors.overloaded': '网关当前负载过高。请等一分钟后重试。',
  'errors.unprocessable': '网关无法按原样接受该请求：{gatewayMessage}',
  'errors.http_error': '网关返回 HTTP {status}。',
  'errors.network': '无法连接网关，或连接被中断。请检查地址和网络。',
  'errors.network_unreachable': '无法连接网关。请检查地址和网络。',
  'errors.network_dns': '找不到 {host}（DNS）。请检查设置中的地址和网络。',
  'errors.network_dns_here': '找不到 {host}（DNS）。请检查上方的地址和网络。',
  'errors.network_refused': '{host} 没有响应（连接被拒绝）。网关是否在该地址运行？',
  'errors.network_tls_untrusted':
    '{host} 的证书由本机不信任的机构签发（自签名，或公司用于检查流量的代理）。如果公司有自己的证书颁发机构，请在 设置 → 网络 → 受信任的证书 中为此配置添加它。',
  'errors.network_tls_expired': '{host} 的证书已过期或尚未生效。请检查本机时钟和设置中的地址。',
  'errors.network_tls_name':
    '{host} 的证书是为其他名称签发的。请检查设置中的地址；检查流量的代理可能出示了它自己的证书。',
  'errors.network_tls_other': '无法校验 {host} 的证书，Gatehouse 未建立连接。',
  'errors.network_proxy': '代理 {proxy} 无法转发请求。请在 设置 → 网络 中检查代理，或选择“不使用代理”。',
  'errors.theGateway': '网关',
  'errors.network_cut': '回复完成前连接被中断。请重试。',
  'errors.timeout': '网关未及时响应。请重试，或检查地址。',
  'errors.aborted': '已停止。',
  'errors.stream_error': '回复中途中断：网关发送了错误，或连接被切断。已收到的内容会保留。',
  'errors.bad_response': '网关的回复 Gatehouse 无法解析。原始回复见请求日志。',
  'errors.reply_too_large':
    '网关的回复大于 {size}，超过 Gatehouse 对此请求读取的上限，因此没有保留。请减少请求的结果（数量更少或尺寸更小），或检查网关。',
  'errors.reply_deadline':
    '回复在 {seconds} 秒后仍未结束，已达到此配置的回复截止时间，因此在此处停止。此前的文本已保留。如果模型需要更长时间，请在设置中调高该配置的“回复截止时间”。',
  'errors.stream_event_too_large':
    '网关发送了一个大于 {size} 的事件，远超任何回复片段，因此回复在此处停止。此前的文本已保留。请检查网关。',
  'errors.stream_too_large':
    '流式回复超过 {size}，这是 Gatehouse 对单条回复读取的上限，因此在此处停止。此前的文本已保留。',
  'errors.reply_too_deep':
    '网关返回的 JSON 嵌套超过 {depth} 层，Gatehouse 不读取此类回复。请检查网关；原始回复在请求日志中。',
  'errors.reply_too_long':
    '回复超过 {chars} 个字符，这是 Gatehouse 单条消息保留的上限，因此在此处停止。此前的文本已保留。',
  'errors.internal_address':
    '结果地址 {host} 指向本机或内网。Gatehouse 只从网关自身的主机获取此类结果，因此没有获取。',
  'errors.redirect_other_host':
    '网关重定向到了 {host}。Gatehouse 从不把密钥发往其他地址，因此已停止；如果这才是网关的真实地址，请把它填入配置。',
  'errors.redirect_too_many': '该地址不断重定向（最后指向 {host}）；Gatehouse 已停止跟随。',
  'errors.redirect_drops_body': '网关返回的重定向（HTTP {status}）会丢弃请求体；请检查配置中的网关地址。',
  'errors.redirect_internal_address':
    '网关重定向到 {host}，该地址位于本机或内网。只有配置自身的地址也在此类网络中时，Gatehouse 才会跟随此类重定向，因此已停止；请检查配置中的网关地址。',
  'errors.redirect_scheme':
    '网关重定向到一个 {scheme} 地址，Gatehouse 从不打开此类地址（仅限 http: 和 https:），因此已停止；请检查配置中的网关地址。',
  'errors.invalid_input': '请修正：{message}',
  'errors.no_key': '此配置还没有 API 密钥——请在设置中添加。',
  'errors.no_key_here': '此配置没有保存密钥：请在上方的“API 密钥”中粘贴。',
  'errors.forbidden_sender': '此窗口无权调用应用。',
  'errors.unknown_route': '内部错误：未知路由。',
  'errors.storage': '保存失败：{message}',
  'errors.disk_full': '磁盘已满，无法写入。请释放一些空间后重试。',
  'errors.disk_full_folder':
    '磁盘已满：{folder} 没有剩余空间。请在该磁盘上释放一些空间（或换一个文件夹）后重试。',
  'errors.disk_full_needed':
    '磁盘已满：{folder} 没有空间再写入 {size}。请在该磁盘上至少释放这么多空间（或换一个文件夹）后重试。',
  'errors.internal': '内部错误：{message}',
  'errors.requestId': '请求 ID：{requestId}',
  'errors.gatewaySaid': '网关返回：“{gatewayMessage}”',
};
